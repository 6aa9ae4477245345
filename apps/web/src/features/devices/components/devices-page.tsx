import type { MqttDevice } from '@raumregler/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { ListBody } from '@/components/ui/list-body';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { errorReason } from '@/lib/error-reason';
import { useMqttStatus } from '@/lib/mqtt-status';
import { useNow } from '@/lib/use-now';
import { usePhone } from '@/lib/use-phone';
import { devicesQueryOptions, useAssignDevice } from '../api/devices';
import { DEVICE_FILTERS, filterDevices, type DeviceFilter } from '../utils/devices';
import { AssignDialog, type DeviceFloor } from './assign-dialog';
import { DeviceCards, DeviceTable } from './device-list';

/**
 * "Geräte" (`/devices`, issue 36), for building-wide managers with MQTT: every zigbee2mqtt
 * thermostat and sensor with model, room, availability, last report, battery, link quality and
 * its last temperature and setpoint; names rooms list that zigbee2mqtt lacks flagged; search and
 * filters for a big building; a room chosen per device (a device of another room is moved).
 */
export function DevicesPage({ floors }: { floors: readonly DeviceFloor[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const ids = useId();
  const now = useNow();
  const phone = usePhone();
  const query = useQuery(devicesQueryOptions());
  const devices = useMemo(() => query.data ?? [], [query.data]);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<DeviceFilter>('all');
  const [open, setOpen] = useState<MqttDevice | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const assign = useAssignDevice(devices);
  const shown = useMemo(() => filterDevices(devices, search, filter), [devices, search, filter]);
  const unknown = devices.filter((device) => !device.known).length;
  // A building without a zigbee2mqtt base topic (MQTT for Home Assistant only, issue 37).
  const status = useMqttStatus(true);
  const noZigbee = status !== undefined && (!status.enabled || status.zigbee2mqtt === null);

  const List = phone ? DeviceCards : DeviceTable;
  const body = (
    <ListBody
      pending={query.isPending}
      failure={
        query.isError ? (
          <>
            {t('devices.loadFailed')} {errorReason(intl, query.error) ?? ''}
          </>
        ) : null
      }
      onRetry={() => void query.refetch()}
      loading={t('devices.loading')}
      retry={t('devices.retry')}
      empty={
        shown.length > 0
          ? null
          : t(
              devices.length > 0
                ? 'devices.noMatch'
                : noZigbee
                  ? 'devices.noZigbee'
                  : 'devices.empty',
            )
      }
    >
      <List
        devices={shown}
        now={now}
        assign={(device) => {
          setSaid(null);
          assign.reset();
          setOpen(device);
        }}
      />
    </ListBody>
  );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('devices.title')}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('devices.subtitle')}</p>
      </div>
      {unknown > 0 && (
        <Alert variant="warning">{t('devices.unknownNote', { count: unknown })}</Alert>
      )}
      <ListToolbar
        id={ids}
        searchLabel={t('devices.search')}
        search={search}
        onSearch={setSearch}
        choice={{
          label: t('devices.filter'),
          value: filter,
          options: DEVICE_FILTERS.map((value) => ({ value, label: t(`devices.filter.${value}`) })),
          onChange: (value) => setFilter(value as DeviceFilter),
        }}
        count={
          query.data
            ? shown.length === devices.length
              ? t('devices.count', { count: devices.length })
              : t('devices.countMatches', { count: shown.length, total: devices.length })
            : ''
        }
      />
      <div role="status">
        {said && (
          <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
            {said}
          </p>
        )}
      </div>
      {body}
      {open && (
        <AssignDialog
          device={open}
          floors={floors}
          pending={assign.isPending}
          error={assign.error}
          onClose={() => setOpen(null)}
          onSave={(to) =>
            assign.mutate(
              { device: open, to },
              {
                onSuccess: () => {
                  setOpen(null);
                  setSaid(
                    to
                      ? t('devices.assigned', { name: open.name, room: to.name })
                      : t('devices.unassigned', { name: open.name }),
                  );
                },
              },
            )
          }
        />
      )}
    </div>
  );
}
