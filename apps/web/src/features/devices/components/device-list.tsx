import type { MqttDevice } from '@raumregler/contract';
import { BatteryLow, Link2 } from 'lucide-react';
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { WindowedCards, WindowedTable } from '@/components/ui/windowed-list';
import { BATTERY_LOW, lastReportText, modelText, temperatureText } from '../utils/devices';
import { DetailField } from '@/components/ui/detail-field';

export interface DeviceListProps {
  devices: readonly MqttDevice[];
  now: Date;
  /** Opens the room choice for a device. */
  assign: (device: MqttDevice) => void;
}

/** Online / offline / unknown to zigbee2mqtt / no availability: a badge with words, not colour alone. */
function StateBadge({ device }: { device: MqttDevice }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (!device.known)
    return (
      <Badge className="bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100">
        {t('devices.state.unknown')}
      </Badge>
    );
  if (device.availability === 'offline')
    return (
      <Badge className="bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100">
        {t('devices.state.offline')}
      </Badge>
    );
  if (device.availability === 'online')
    return (
      <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100">
        {t('devices.state.online')}
      </Badge>
    );
  return (
    <Badge className="bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200">
      {t('devices.state.none')}
    </Badge>
  );
}

function describe(intl: ReturnType<typeof useIntl>, device: MqttDevice, now: Date) {
  const t = (id: string) => intl.formatMessage({ id });
  const temperature = temperatureText(intl, device.temperature);
  const setpoint = temperatureText(intl, device.setpoint);
  return {
    kind: t(`devices.kind.${device.kind}`),
    model: modelText(device),
    room: device.room?.name ?? t('devices.room.none'),
    lastReport: device.known ? lastReportText(intl, device.last_seen, now) : '–',
    battery:
      device.battery === null ? (
        device.power === 'mains' ? (
          t('devices.mains')
        ) : (
          '–'
        )
      ) : (
        <span
          className={cn(
            device.battery < BATTERY_LOW && 'font-semibold text-red-700 dark:text-red-300',
          )}
        >
          {device.battery < BATTERY_LOW && (
            <BatteryLow className="mr-1 inline size-4 align-[-3px]" aria-hidden="true" />
          )}
          {intl.formatNumber(device.battery / 100, { style: 'percent' })}
          {device.battery < BATTERY_LOW && (
            <span className="sr-only"> {t('devices.batteryLow')}</span>
          )}
        </span>
      ),
    link: device.linkquality === null ? '–' : intl.formatNumber(device.linkquality),
    values:
      [
        temperature && intl.formatMessage({ id: 'devices.temperature' }, { value: temperature }),
        setpoint && intl.formatMessage({ id: 'devices.setpoint' }, { value: setpoint }),
      ]
        .filter(Boolean)
        .join(' · ') || '–',
  };
}

function AssignButton({
  device,
  assign,
  compact,
}: {
  device: MqttDevice;
  assign: DeviceListProps['assign'];
  compact: boolean;
}) {
  const intl = useIntl();
  const label = `${intl.formatMessage({ id: 'devices.assign.open' })}: ${device.name}`;
  return (
    <Button
      size="sm"
      variant={compact ? 'ghost' : 'secondary'}
      className={cn(compact ? 'size-9 px-0 [&_svg]:size-[18px]' : 'w-full whitespace-nowrap')}
      aria-label={label}
      title={compact ? label : undefined}
      onClick={() => assign(device)}
    >
      <Link2 className="size-4" aria-hidden="true" />
      {!compact && intl.formatMessage({ id: 'devices.assign.open' })}
    </Button>
  );
}

type ItemProps = Omit<DeviceListProps, 'devices'> & {
  device: MqttDevice;
  index: number;
  measure?: (element: Element | null) => void;
};

const Row = memo(function Row({ device, index, measure, now, assign }: ItemProps) {
  const intl = useIntl();
  const d = describe(intl, device, now);
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className="border-b border-slate-200 align-top dark:border-white/10"
    >
      <th scope="row" className="min-w-44 px-3 py-2 text-left font-normal">
        <span className="font-medium [overflow-wrap:anywhere]">{device.name}</span>
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {d.kind} · {d.model}
        </span>
      </th>
      <td className="px-2 py-2">{d.room}</td>
      <td className="px-2 py-2">
        <StateBadge device={device} />
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{d.lastReport}</td>
      <td className="px-2 py-2 whitespace-nowrap">{d.battery}</td>
      <td className="px-2 py-2 whitespace-nowrap">{d.link}</td>
      <td className="px-2 py-2">{d.values}</td>
      <td className="px-2 py-1.5 text-right">
        <AssignButton device={device} assign={assign} compact />
      </td>
    </tr>
  );
});

const COLUMNS = ['device', 'room', 'state', 'lastReport', 'battery', 'link', 'values', 'actions'];

/** The devices as a table with a sticky header; only the rows near the viewport on a long list. */
export function DeviceTable({ devices, ...props }: DeviceListProps) {
  const intl = useIntl();
  return (
    <WindowedTable
      items={devices}
      itemKey={(device) => device.name}
      label={intl.formatMessage({ id: 'devices.table.caption' })}
      columns={COLUMNS.map((id) => ({
        id,
        label: intl.formatMessage({ id: `devices.col.${id}` }),
      }))}
      render={(device, index, measure) => (
        <Row key={device.name} device={device} index={index} measure={measure} {...props} />
      )}
    />
  );
}

const Card = memo(function Card({ device, index, measure, now, assign }: ItemProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const d = describe(intl, device, now);
  return (
    <li
      ref={measure}
      data-index={index}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-white/10 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0">
          <span className="font-medium [overflow-wrap:anywhere]">{device.name}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-300">{d.kind}</span>
        </h2>
        <StateBadge device={device} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <DetailField label={t('devices.col.model')}>{d.model}</DetailField>
        <DetailField label={t('devices.col.room')}>{d.room}</DetailField>
        <DetailField label={t('devices.col.lastReport')}>{d.lastReport}</DetailField>
        <DetailField label={t('devices.col.battery')}>{d.battery}</DetailField>
        <DetailField label={t('devices.col.link')}>{d.link}</DetailField>
        <DetailField label={t('devices.col.values')}>{d.values}</DetailField>
      </dl>
      <AssignButton device={device} assign={assign} compact={false} />
    </li>
  );
});

/** The devices on a phone: one card each, near the viewport only on a long list. */
export function DeviceCards({ devices, ...props }: DeviceListProps) {
  const intl = useIntl();
  return (
    <WindowedCards
      items={devices}
      itemKey={(device) => device.name}
      label={intl.formatMessage({ id: 'devices.table.caption' })}
      estimate={240}
      render={(device, index, measure) => (
        <Card key={device.name} device={device} index={index} measure={measure} {...props} />
      )}
    />
  );
}
