import type { RoomNext } from '@raumregler/contract';
import { Clock } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { formatDayTime } from '@/lib/device-values';
import { formatTemperature } from '../utils/room-values';
import { Countdown } from './countdown';

/** Temporary mode: when it ends, the time left, and the way out (even for read-only users). */
export function TemporaryPanel({
  end,
  now,
  remaining,
  receivedAt,
  next,
  busy,
  onExpired,
  onEnd,
}: {
  end: Date;
  now: Date;
  remaining: number;
  receivedAt: number;
  /** What follows its end (roomActivity's next). */
  next: RoomNext | null;
  busy: boolean;
  onExpired: () => void;
  onEnd: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <section
      aria-labelledby="temporary-title"
      className="flex flex-col gap-3 rounded-lg border border-orange-200 bg-orange-50 p-4 dark:border-orange-900 dark:bg-orange-950/40"
    >
      <h2 id="temporary-title" className="flex items-center gap-2 font-semibold">
        <Clock className="size-5 text-orange-700 dark:text-orange-400" aria-hidden="true" />
        {t('rooms.temporary.title')}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm">
          {t('rooms.temporary.until', { when: formatDayTime(intl, end, now) })}
        </p>
        <p className="flex flex-col items-end">
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t('rooms.temporary.remaining')}
          </span>
          <span className="text-2xl font-semibold" data-testid="countdown">
            <Countdown remaining={remaining} receivedAt={receivedAt} onDone={onExpired} />
          </span>
        </p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {next?.target == null
          ? t('rooms.temporary.returnsToSchedule')
          : t(
              next.into === 'absence'
                ? 'rooms.temporary.returnsToAbsence'
                : 'rooms.temporary.returnsTo',
              {
                temp: formatTemperature(intl, next.target),
              },
            )}
      </p>
      <Button variant="secondary" className="h-auto min-h-10 py-2" onClick={onEnd} disabled={busy}>
        {t('rooms.temporary.end')}
      </Button>
    </section>
  );
}
