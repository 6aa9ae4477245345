import type { ProgrammePoint } from '@raumregler/contract';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { formatNextSwitch } from '../utils/format';

/** Points with a next switch first, soonest first; those without one after, in the device's order. */
function bySwitch(points: readonly ProgrammePoint[]): ProgrammePoint[] {
  return points
    .map((point, index) => ({ point, index }))
    .sort((a, b) => {
      const [x, y] = [a.point.next_due_time, b.point.next_due_time];
      if (x === y) return a.index - b.index;
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    })
    .map(({ point }) => point);
}

/**
 * Proxy mode's Wochenplan (issue 33): the real device keeps its own programme, edited at the
 * device. One line says so, and its switch points are listed read-only: the scene each names,
 * its next switch with the weekday, and whether it is active.
 */
export function DeviceProgrammeView({
  points,
  now,
}: {
  points: readonly ProgrammePoint[];
  now: Date;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const captionId = useId();
  const rows = useMemo(() => bySwitch(points), [points]);
  return (
    <div className="flex flex-col gap-3">
      <Alert variant="info">{t('schedules.device.intro')}</Alert>
      {rows.length === 0 ? (
        <p className="text-sm">{t('schedules.device.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-labelledby={captionId}>
            <caption id={captionId} className="sr-only">
              {t('schedules.device.caption')}
            </caption>
            <thead className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('schedules.device.scene')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('schedules.device.next')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('schedules.device.active')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((point, index) => {
                const next = formatNextSwitch(intl, point.next_due_time, now);
                return (
                  <tr
                    key={`${point.name}-${index}`}
                    className="border-b border-slate-100 last:border-0 dark:border-slate-800"
                  >
                    <th scope="row" className="py-2 pr-3 font-medium break-words">
                      {point.name}
                    </th>
                    <td className="py-2 pr-3 tabular-nums">
                      {next ?? (
                        <span className="text-slate-600 dark:text-slate-300">
                          {t('schedules.device.noTime')}
                        </span>
                      )}
                    </td>
                    <td className="py-2">
                      {point.active ? (
                        <span className="font-medium text-green-800 dark:text-green-300">
                          {t('schedules.device.yes')}
                        </span>
                      ) : (
                        <span className="text-slate-600 dark:text-slate-300">
                          {t('schedules.device.no')}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('schedules.device.legend')}</p>
    </div>
  );
}
