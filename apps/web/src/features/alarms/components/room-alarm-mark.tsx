import { BellRing } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/use-now';
import { useAlarms } from '../hooks/use-alarms';
import { formatAlarmTime } from '../utils/alarm-time';
import { alarmTitle } from '../utils/format';
import { openAlarmsOfRoom } from '../utils/sort';

/**
 * The room page's mark: "Alarm: zu kalt seit 07:40" for each open alarm of the room ("Alarm:
 * Thermostat nicht erreichbar: TRV Wohnzimmer seit 07:40" for a device's), a link to
 * the alarm page. Nothing while there is none (or the list is not known).
 */
export function RoomAlarmMark({ roomId }: { roomId: number }) {
  const intl = useIntl();
  const now = useNow();
  const open = useAlarms('open');
  const alarms = openAlarmsOfRoom(open.data, roomId);
  if (alarms.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {alarms.map((alarm) => (
        <li key={alarm.id}>
          <Link
            to={paths.alarms}
            className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-3 py-1 text-sm font-medium text-red-800 ring-1 ring-red-200 hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:bg-red-950 dark:text-red-200 dark:ring-red-800"
          >
            <BellRing className="size-4" aria-hidden="true" />
            {intl.formatMessage(
              {
                id:
                  alarm.state === 'acknowledged'
                    ? 'alarms.mark.acknowledged'
                    : 'alarms.mark.active',
              },
              {
                kind: alarmTitle(intl, alarm),
                since: formatAlarmTime(intl, alarm.since, now),
              },
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
