import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { errorReason } from '@/lib/error-reason';
import type { BatchRun } from '../hooks/use-room-batch';

/** "2 von 5" while the copies run; then what failed, with the reason and a retry for those. */
export function BatchProgress({
  run,
  names,
  onRetry,
  onDismiss,
}: {
  run: BatchRun;
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
      <div className="flex flex-wrap items-center gap-3">
        <progress
          className="h-2 w-40 accent-primary"
          max={run.total}
          value={run.done}
          aria-label={t('schedules.copyWeek.progressLabel')}
        />
        <span className="tabular-nums">
          {intl.formatMessage(
            { id: 'schedules.copyWeek.progress' },
            { done: run.done, total: run.total },
          )}
        </span>
        {!run.running && failed === 0 && (
          <span>{intl.formatMessage({ id: 'schedules.copyWeek.done' }, { count: run.total })}</span>
        )}
        {!run.running && (
          <Button size="sm" variant="ghost" className="ml-auto" onClick={onDismiss}>
            {t('schedules.copyWeek.dismiss')}
          </Button>
        )}
      </div>
      {!run.running && failed > 0 && (
        <div className="flex flex-col gap-2 text-red-800 dark:text-red-300">
          <p className="font-medium">
            {intl.formatMessage({ id: 'schedules.copyWeek.failed' }, { count: failed })}
          </p>
          <ul className="list-disc pl-5">
            {run.failures.map((failure) => (
              <li key={failure.roomId}>
                {names.get(failure.roomId) ?? failure.roomId}:{' '}
                {errorReason(intl, failure.error) ?? t('schedules.copyWeek.failedUnknown')}
              </li>
            ))}
          </ul>
          <div>
            <Button size="sm" onClick={onRetry}>
              {t('schedules.copyWeek.retry')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
