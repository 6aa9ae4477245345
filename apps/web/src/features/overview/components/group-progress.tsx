import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { errorReason } from '@/lib/error-reason';
import type { GroupRun } from '../hooks/use-group-action';

/** "7 von 12" while an action runs; then what failed, with the reason and a retry for those. */
export function GroupProgress({
  run,
  names,
  onRetry,
  onDismiss,
}: {
  run: GroupRun;
  names: ReadonlyMap<number, string>;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const failed = run.failures.length;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm dark:border-white/10 dark:bg-slate-900"
    >
      <div className="flex items-center gap-3">
        <progress
          className="h-2 w-40 accent-primary"
          max={run.total}
          value={run.done}
          aria-label={t('overview.progressLabel')}
        />
        <span className="tabular-nums">
          {intl.formatMessage({ id: 'overview.progress' }, { done: run.done, total: run.total })}
        </span>
        {!run.running && failed === 0 && (
          <span>{intl.formatMessage({ id: 'overview.done' }, { count: run.total })}</span>
        )}
        {!run.running && (
          <Button size="sm" variant="ghost" className="ml-auto" onClick={onDismiss}>
            {t('overview.dismiss')}
          </Button>
        )}
      </div>
      {!run.running && failed > 0 && (
        <div className="flex flex-col gap-2 text-red-800 dark:text-red-300">
          <p className="font-medium">
            {intl.formatMessage({ id: 'overview.failed' }, { count: failed })}
          </p>
          <ul className="list-disc pl-5">
            {run.failures.map((failure) => (
              <li key={failure.write.roomId}>
                {names.get(failure.write.roomId) ?? failure.write.roomId}:{' '}
                {errorReason(intl, failure.error) ?? t('overview.failedUnknown')}
              </li>
            ))}
          </ul>
          <div>
            <Button size="sm" onClick={onRetry}>
              {t('overview.retry')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
