import { useIntl } from 'react-intl';
import { useWindowList } from '@/lib/use-window-list';
import type { AlarmListProps } from './alarm-table';
import { AlarmItem } from './alarm-item';

/** The console on a phone (issue 32): one card per alarm, near the viewport only on long lists. */
export function AlarmCards({ alarms, roomHref, floorLabel, now, selection }: AlarmListProps) {
  const intl = useIntl();
  const { indexes, before, after, startRef, measure } = useWindowList<HTMLDivElement>({
    count: alarms.length,
    itemKey: (index) => alarms[index]?.id ?? index,
    estimate: 170,
  });
  return (
    <div>
      <div ref={startRef} aria-hidden="true" style={{ height: before }} />
      <ul
        className="flex flex-col gap-3"
        aria-label={intl.formatMessage({ id: 'alarms.table.caption' })}
      >
        {indexes.map((index) => {
          const alarm = alarms[index]!;
          return (
            <AlarmItem
              key={alarm.id}
              alarm={alarm}
              index={index}
              measure={measure}
              roomHref={roomHref}
              floorLabel={floorLabel}
              now={now}
              onAcknowledge={null}
              selected={selection ? selection.selected.has(alarm.id) : null}
              onToggle={selection?.toggle}
            />
          );
        })}
      </ul>
      {after > 0 && <div aria-hidden="true" style={{ height: after }} />}
    </div>
  );
}
