import { useIntl } from 'react-intl';
import { errorReason } from '@/lib/error-reason';
import type { BatchRun } from '@/lib/use-batch-run';
import { Button } from './button';

/**
 * The progress of a run of room writes: "7 von 12" while it runs; then what failed, with the
 * reason and a retry for just those. `messages` is the prefix of its catalogue entries
 * (`<prefix>.progress`, `.progressLabel`, `.done`, `.dismiss`, `.failed`, `.failedUnknown`,
 * `.retry`), so each screen words it for its own action.
 */
export function BatchProgress<T>({
  run,
  roomOf,
  names,
  messages,
  onRetry,
  onDismiss,
}: {
  run: BatchRun<T>;
  roomOf: (item: T) => number;
  names: ReadonlyMap<number, string>;
  messages: string;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `${messages}.${id}` });
  const failed = run.failures.length;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-white/10 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-3">
        <progress
          className="h-2 w-40 accent-primary"
          max={run.total}
          value={run.done}
          aria-label={t('progressLabel')}
        />
        <span className="tabular-nums">
          {intl.formatMessage({ id: `${messages}.progress` }, { done: run.done, total: run.total })}
        </span>
        {!run.running && failed === 0 && (
          <span>{intl.formatMessage({ id: `${messages}.done` }, { count: run.total })}</span>
        )}
        {!run.running && (
          <Button size="sm" variant="ghost" className="ml-auto" onClick={onDismiss}>
            {t('dismiss')}
          </Button>
        )}
      </div>
      {!run.running && failed > 0 && (
        <div className="flex flex-col gap-2 text-red-800 dark:text-red-300">
          <p className="font-medium">
            {intl.formatMessage({ id: `${messages}.failed` }, { count: failed })}
          </p>
          <ul className="list-disc pl-5">
            {run.failures.map((failure) => {
              const roomId = roomOf(failure.item);
              return (
                <li key={roomId}>
                  {names.get(roomId) ?? roomId}:{' '}
                  {errorReason(intl, failure.error) ?? t('failedUnknown')}
                </li>
              );
            })}
          </ul>
          <div>
            <Button size="sm" onClick={onRetry}>
              {t('retry')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
