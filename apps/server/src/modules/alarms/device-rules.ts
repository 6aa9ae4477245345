/**
 * The device alarms of issue 36, pure: one zigbee2mqtt device of a room and "now" in, the alarms
 * to open and clear out. The service (device-alarms.ts) keeps one `DeviceAlarmWatch` per device
 * in memory, stores what these rules decide and mails it. Real time throughout (devices are real,
 * whatever the simulation's speed). Decision 0086.
 */
import {
  BATTERY_LOW_PERCENT,
  BATTERY_OK_PERCENT,
  type AlarmDeviceKind,
} from '@raumregler/contract';

export type DeviceAlarmKind = 'device-offline' | 'device-unconfirmed' | 'battery-low';
export const DEVICE_ALARM_KINDS: readonly DeviceAlarmKind[] = [
  'device-offline',
  'device-unconfirmed',
  'battery-low',
];

/** A thermostat that has not reported the setpoint sent to it this long raises its alarm. */
export const UNCONFIRMED_MS = 2 * 60_000;

/** What the rules need of one device at one instant. */
export interface DeviceReading {
  name: string;
  roomId: number;
  kind: AlarmDeviceKind;
  /** Whether it counts as reachable (mqtt's availabilityOf); null = cannot say (nothing heard). */
  availability: 'online' | 'offline' | null;
  /** Its last reported battery in %; null = none reported. */
  battery: number | null;
  /**
   * The driver's open command to it (the setpoint sent, since when, epoch ms); null when none is
   * unconfirmed. `undefined`: unknown (we just started, the driver has not sent yet).
   */
  unconfirmed: { setpoint: number; since: number } | null | undefined;
}

/** What the rules remember about one device between two evaluations. */
export interface DeviceAlarmWatch {
  /** The first evaluation that found it offline since it was last reachable; null otherwise. */
  offlineSince: number | null;
  /** The open alarms of this device by kind: their ids and the room they were raised for. */
  open: Partial<Record<DeviceAlarmKind, { id: number; roomId: number }>>;
}

export const newDeviceAlarmWatch = (): DeviceAlarmWatch => ({ offlineSince: null, open: {} });

export type DeviceAlarmEvent =
  | {
      type: 'open';
      device: string;
      deviceKind: AlarmDeviceKind;
      roomId: number;
      kind: DeviceAlarmKind;
      since: number;
      value: number | null;
      target: number | null;
    }
  | { type: 'clear'; device: string; kind: DeviceAlarmKind; alarmId: number };

const MINUTE = 60_000;

/**
 * Evaluates one device at `now` (decision 0086):
 * - `device-offline` once it has counted as offline for `deviceMinutes`, counted from the first
 *   evaluation that found it so (never before our start: no alarm at start for a device whose
 *   offline state is old news); clears when it is reachable again. Unknown availability (nothing
 *   heard since our start) neither opens nor clears.
 * - `battery-low` under BATTERY_LOW_PERCENT; clears at BATTERY_OK_PERCENT or more.
 * - `device-unconfirmed` once the driver's command has gone unconfirmed UNCONFIRMED_MS; clears
 *   when the driver lists it no more.
 * An open alarm raised for another room (the device moved) clears; the caller opens it anew.
 */
export function evaluateDeviceAlarms(
  watch: DeviceAlarmWatch,
  reading: DeviceReading,
  now: number,
  deviceMinutes: number,
  out: DeviceAlarmEvent[] = [],
): DeviceAlarmEvent[] {
  for (const kind of DEVICE_ALARM_KINDS) {
    const open = watch.open[kind];
    if (open && open.roomId !== reading.roomId) clear(watch, reading.name, kind, out);
  }
  const open = (
    kind: DeviceAlarmKind,
    since: number,
    value: number | null,
    target: number | null,
  ) => {
    if (watch.open[kind]) return;
    out.push({
      type: 'open',
      device: reading.name,
      deviceKind: reading.kind,
      roomId: reading.roomId,
      kind,
      since,
      value,
      target,
    });
  };

  if (reading.availability === 'offline') {
    watch.offlineSince ??= now;
    if (now - watch.offlineSince >= deviceMinutes * MINUTE) {
      open('device-offline', watch.offlineSince, null, null);
    }
  } else {
    watch.offlineSince = null;
    if (reading.availability === 'online') clear(watch, reading.name, 'device-offline', out);
  }

  const { battery } = reading;
  if (battery !== null && battery < BATTERY_LOW_PERCENT) {
    open('battery-low', now, battery, null);
  } else if (battery !== null && battery >= BATTERY_OK_PERCENT) {
    clear(watch, reading.name, 'battery-low', out);
  }

  const { unconfirmed } = reading;
  if (unconfirmed) {
    if (now - unconfirmed.since >= UNCONFIRMED_MS) {
      open('device-unconfirmed', unconfirmed.since, null, unconfirmed.setpoint);
    }
  } else if (unconfirmed === null) {
    clear(watch, reading.name, 'device-unconfirmed', out);
  }
  return out;
}

/** Clears every open alarm of a device that left its room (or zigbee2mqtt forgot it). */
export function clearDevice(
  watch: DeviceAlarmWatch,
  name: string,
  kinds: readonly DeviceAlarmKind[],
  out: DeviceAlarmEvent[],
): void {
  for (const kind of kinds) clear(watch, name, kind, out);
  if (kinds.includes('device-offline')) watch.offlineSince = null;
}

function clear(
  watch: DeviceAlarmWatch,
  device: string,
  kind: DeviceAlarmKind,
  out: DeviceAlarmEvent[],
) {
  const open = watch.open[kind];
  if (!open) return;
  delete watch.open[kind];
  out.push({ type: 'clear', device, kind, alarmId: open.id });
}
