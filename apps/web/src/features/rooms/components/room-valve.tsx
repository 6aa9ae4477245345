import { useIntl } from 'react-intl';

/**
 * "Ventil 45 %" (issue 32): how far the room's valve is open now, from the device's outputs;
 * "Ventil –" for a room without outputs, nothing while the outputs are not known.
 */
export function RoomValve({ valve }: { valve: number | null | undefined }) {
  const intl = useIntl();
  if (valve === undefined) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      {valve === null
        ? intl.formatMessage({ id: 'rooms.valve.none' })
        : intl.formatMessage(
            { id: 'rooms.valve' },
            { value: intl.formatNumber(valve, { maximumFractionDigits: 0 }) },
          )}
      {valve !== null && (
        <span
          aria-hidden="true"
          className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <span
            className="block h-full rounded-full bg-orange-500 dark:bg-orange-400"
            style={{ width: `${Math.min(100, Math.max(0, valve))}%` }}
          />
        </span>
      )}
    </p>
  );
}
