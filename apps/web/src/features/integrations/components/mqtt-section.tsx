import type { MqttStatus } from '@raumregler/contract';
import { RadioTower } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatDayTime, parseDeviceTime } from '@/lib/device-values';
import { IntegrationSection } from './section';

/**
 * "MQTT" (issue 36), where MQTT_URL is set: the broker connected (since when), zigbee2mqtt's
 * bridge and its devices, Home Assistant discovery and its prefix; all from `GET /api/mqtt/status`.
 */
export function MqttSection({ status, now }: { status: MqttStatus; now: Date }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const since = (value: string) => {
    const when = parseDeviceTime(value);
    return when ? formatDayTime(intl, when, now) : value;
  };
  const rows: [string, ReactNode][] = [];
  if (status.broker)
    rows.push([
      t('integrations.mqtt.broker'),
      t(
        status.broker.connected ? 'integrations.mqtt.connected' : 'integrations.mqtt.disconnected',
        {
          time: since(status.broker.since),
        },
      ),
    ]);
  rows.push([
    t('integrations.mqtt.zigbee2mqtt'),
    status.zigbee2mqtt
      ? t(`integrations.mqtt.bridge.${status.zigbee2mqtt.bridge ?? 'unknown'}`, {
          base: status.zigbee2mqtt.base_topic,
          count: status.zigbee2mqtt.devices,
        })
      : t('integrations.mqtt.zigbee2mqtt.off'),
  ]);
  rows.push([
    t('integrations.mqtt.discovery'),
    status.discovery?.enabled
      ? t('integrations.mqtt.discovery.on', { prefix: status.discovery.prefix })
      : t('integrations.mqtt.discovery.off'),
  ]);
  return (
    <IntegrationSection
      id="mqtt"
      title={t('integrations.mqtt.title')}
      text={t('integrations.mqtt.text')}
      icon={<RadioTower className="size-5 text-teal-700 dark:text-teal-400" aria-hidden="true" />}
    >
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="text-slate-700 dark:text-slate-200">{value}</dd>
          </div>
        ))}
      </dl>
    </IntegrationSection>
  );
}
