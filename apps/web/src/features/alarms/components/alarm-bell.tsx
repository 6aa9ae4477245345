import { Bell } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { useAlarms } from '../hooks/use-alarms';

/** More than this shows as "99+" on the bell; the label keeps the exact number. */
const BADGE_MAX = 99;

/**
 * The header's bell: the number of unacknowledged alarms (what still needs someone; decision
 * 66), a link to the alarm page. It counts them in the `open` list it shares with the room marks
 * and the console. Its label says the number ("Alarme: 2 unquittiert"); while unknown it says
 * just "Alarme".
 */
export function AlarmBell() {
  const intl = useIntl();
  const open = useAlarms('open');
  const count = open.data?.filter((alarm) => alarm.state === 'active').length;
  const label =
    count === undefined
      ? intl.formatMessage({ id: 'alarms.bell.unknown' })
      : intl.formatMessage({ id: 'alarms.bell.label' }, { count });
  return (
    <Link
      to={paths.alarms}
      aria-label={label}
      title={label}
      className="relative grid size-9 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-300 dark:hover:bg-white/5"
    >
      <Bell className="size-5" aria-hidden="true" />
      {count !== undefined && count > 0 && (
        <span
          aria-hidden="true"
          data-testid="alarm-count"
          className={cn(
            'absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white dark:ring-slate-900',
          )}
        >
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      )}
    </Link>
  );
}
