import { TriangleAlert } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { isStale, lastSensorReport, toNumber } from '../utils/room-values';

/** Humidity when the device reports it; a warning when the sensor went quiet or is missing. */
export function SensorInfo({
  temperature,
  humidity,
  sensors,
  now,
}: {
  temperature: unknown;
  humidity: unknown;
  sensors: unknown;
  now: Date;
}) {
  const intl = useIntl();
  const humidityValue = toNumber(humidity);
  const report = lastSensorReport(sensors);
  const stale = isStale(report, now);
  return (
    <div className="flex flex-col gap-2 text-sm">
      {humidityValue !== null && (
        <p className="text-slate-700 dark:text-slate-300">
          {intl.formatMessage(
            { id: 'rooms.humidity' },
            { value: intl.formatNumber(humidityValue, { maximumFractionDigits: 0 }) },
          )}
        </p>
      )}
      {toNumber(temperature) === null && (
        <p className="text-slate-700 dark:text-slate-300">
          {intl.formatMessage({ id: 'rooms.sensor.none' })}
        </p>
      )}
      {stale && report && (
        <Alert variant="warning" icon={<TriangleAlert className="size-5" />}>
          {intl.formatMessage(
            { id: 'rooms.sensor.stale' },
            {
              date: intl.formatDate(report, {
                day: 'numeric',
                month: 'short',
                // A sensor silent since last year must not look like it spoke this January.
                ...(report.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
              }),
              time: intl.formatTime(report, {
                hour: '2-digit',
                minute: '2-digit',
                hourCycle: 'h23',
              }),
            },
          )}
        </Alert>
      )}
    </div>
  );
}
