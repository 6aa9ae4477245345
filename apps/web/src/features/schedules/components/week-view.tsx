import { useIntl } from 'react-intl';
import { dayName, dayShort } from '../utils/format';
import { DAYS, daySegments, type DayKey, type Week } from '../utils/week';
import { DayBar, HourScale } from './day-bar';

/** The week, read-only: seven bars, today's with the segment in force marked. */
export function WeekView({
  week,
  todayIndex,
  nowMinute,
}: {
  week: Week;
  todayIndex: number;
  nowMinute: number;
}) {
  const intl = useIntl();
  return (
    <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2">
      <span />
      <HourScale />
      {DAYS.map((day, dayIndex) => (
        <div key={day} className="contents">
          <DayLabel day={day} today={dayIndex === todayIndex} />
          <DayBar
            day={day}
            label={dayName(intl, day)}
            segments={daySegments(week, dayIndex)}
            nowMinute={dayIndex === todayIndex ? nowMinute : null}
          />
        </div>
      ))}
    </div>
  );
}

/** A row's weekday: "Mo", the full name as its title, bold for today. */
export function DayLabel({ day, today }: { day: DayKey; today: boolean }) {
  const intl = useIntl();
  return (
    <span className={today ? 'text-sm font-bold' : 'text-sm text-slate-700 dark:text-slate-200'}>
      <abbr title={dayName(intl, day)} className="no-underline">
        {dayShort(intl, day)}
      </abbr>
    </span>
  );
}
