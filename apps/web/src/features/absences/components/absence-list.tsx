import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { errorReason } from '@/lib/error-reason';
import { useEndAbsence } from '../api/end-absence';
import type { Absence } from '../api/get-absences';
import { absenceState, formatMoment, type AbsenceState } from '../utils/absences';

const ORDER: AbsenceState[] = ['current', 'future', 'past'];

/** Running, planned and past absences (the server keeps 30 days), each with end or delete. */
export function AbsenceList({
  absences,
  now,
  roomName,
  roomCount,
  canManage,
  onChanged,
  onEdit,
}: {
  absences: readonly Absence[];
  now: Date;
  roomName: (id: number) => string;
  roomCount: number;
  canManage: boolean;
  onChanged?: () => unknown;
  /** Opens the editor with this absence (running and planned ones). */
  onEdit?: (absence: Absence) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const end = useEndAbsence(onChanged);
  const target = (value: number) =>
    `${intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 3 })} °C`;
  const rooms = (ids: readonly number[]) =>
    ids.length >= roomCount && roomCount > 0
      ? t('absences.allRooms')
      : ids.map(roomName).join(', ');
  return (
    <div className="flex flex-col gap-6">
      {end.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('absences.endFailed')} {errorReason(intl, end.error) ?? ''}
        </p>
      )}
      {ORDER.map((state) => {
        const items = absences
          .filter((absence) => absenceState(absence, now) === state)
          .sort((a, b) =>
            state === 'past' ? b.to.localeCompare(a.to) : a.from.localeCompare(b.from),
          );
        return (
          <section
            key={state}
            aria-labelledby={`absences-${state}`}
            className="flex flex-col gap-2"
          >
            <h2 id={`absences-${state}`} className="text-base font-semibold">
              {t(`absences.state.${state}`)}
            </h2>
            {items.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t(`absences.none.${state}`)}
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {items.map((absence) => (
                  <li
                    key={absence.id}
                    className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-slate-200 p-3 text-sm dark:border-white/10"
                  >
                    <span className="font-medium">{absence.name}</span>
                    <span className="tabular-nums">
                      {t('absences.period', {
                        from: formatMoment(intl, absence.from, now),
                        to: formatMoment(intl, absence.to, now),
                      })}
                    </span>
                    <span className="tabular-nums">{target(absence.target)}</span>
                    <span className="min-w-0 flex-1 text-slate-600 dark:text-slate-300">
                      {rooms(absence.rooms)}
                    </span>
                    {canManage && state !== 'past' && onEdit && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('absences.editNamed', { name: absence.name })}
                        onClick={() => onEdit(absence)}
                      >
                        {t('absences.edit')}
                      </Button>
                    )}
                    {canManage && state !== 'past' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={end.isPending}
                        aria-label={t(
                          state === 'current' ? 'absences.endNamed' : 'absences.deleteNamed',
                          {
                            name: absence.name,
                          },
                        )}
                        onClick={() => end.mutate(absence.id)}
                      >
                        {t(state === 'current' ? 'absences.end' : 'absences.delete')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
