import { useQuery } from '@tanstack/react-query';
import { Plane } from 'lucide-react';
import { useIntl } from 'react-intl';
import { absencesQueryOptions, type DeviceMode } from '../api/get-absences';
import { activeAbsence, formatMoment } from '../utils/absences';

/**
 * The room page's mark for a room under an absence: "Abwesend bis 12.01., 18:00 – Weihnachten".
 * A device that keeps its own programme (proxy mode, the app-config's `deviceMode`) has none to
 * show, and none is asked for; the Wochenplan says why.
 */
export function AbsenceMark({
  roomId,
  now,
  deviceMode,
}: {
  roomId: number;
  now: Date;
  /** The app-config's; undefined while it loads. */
  deviceMode: DeviceMode;
}) {
  const intl = useIntl();
  const absences = useQuery(absencesQueryOptions(deviceMode));
  if (absences.isError) {
    if ((absences.error as { status?: number }).status === 403) return null;
    return (
      <p className="text-sm text-red-700 dark:text-red-300">
        {intl.formatMessage({ id: 'absences.markFailed' })}
      </p>
    );
  }
  const absence = absences.data ? activeAbsence(roomId, absences.data, now) : null;
  if (!absence) return null;
  return (
    <p
      role="status"
      className="inline-flex w-fit items-center gap-2 rounded-full bg-sky-50 px-3 py-1 text-sm font-medium text-sky-900 dark:bg-sky-950 dark:text-sky-100"
    >
      <Plane className="size-4" aria-hidden="true" />
      {intl.formatMessage({ id: 'absences.mark' }, { until: formatMoment(intl, absence.to, now) })}
      <span className="font-normal">– {absence.name}</span>
    </p>
  );
}
