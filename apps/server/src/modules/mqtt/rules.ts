/**
 * The pure rules of the zigbee2mqtt devices (issue 36): what a device is from its entry in
 * `<base>/bridge/devices`, whether it is reachable, and what a room's devices say about the
 * room. No MQTT, no database, no clock: each takes what it needs (decision 0084).
 */

/** An expose as zigbee2mqtt publishes it in `definition.exposes` (only the fields we read). */
export interface Expose {
  type: string;
  name?: string;
  property?: string;
  access?: number;
  value_min?: number;
  value_max?: number;
  value_step?: number;
  values?: string[];
  unit?: string;
  features?: Expose[];
  endpoint?: string;
}

/** Where and how a thermostat takes its target: the property its climate expose declares. */
export interface SetpointSpec {
  /** `occupied_heating_setpoint` on most, `current_heating_setpoint` on Tuya's. */
  property: string;
  min: number;
  max: number;
  step: number;
}

/** One zigbee2mqtt device as our server knows it from `bridge/devices`. */
export interface ZigbeeDevice {
  /** zigbee2mqtt's friendly_name: its topic is `<base>/<name>` (may hold slashes). */
  name: string;
  ieeeAddress: string;
  /** `EndDevice`, `Router` (the coordinator is left out). */
  type: string;
  /** Mains-powered (`Mains (single phase)`, `DC Source` …): its silence counts as offline. */
  mains: boolean;
  model: string | null;
  vendor: string | null;
  description: string | null;
  /** null: not a thermostat (no climate expose with a writable heating setpoint). */
  setpoint: SetpointSpec | null;
  /** The thermostat's `system_mode` values (`heat`, `off`, `auto` …); [] when it has none. */
  systemModes: string[];
  /** Exposes a room temperature of its own outside a climate expose (a sensor). */
  temperatureSensor: boolean;
  humiditySensor: boolean;
  /** The valve's opening: `position` (Tuya, 0–100 %) or `pi_heating_demand`; null = neither. */
  valveProperty: 'position' | 'pi_heating_demand' | null;
}

/** zigbee2mqtt's access bits: 1 published, 2 settable, 4 gettable. */
const ACCESS_SET = 2;
const SETPOINT_PROPERTIES = ['occupied_heating_setpoint', 'current_heating_setpoint'];
/** When a thermostat's expose says nothing of its range: the device API's hard limits. */
const DEFAULT_SETPOINT: Omit<SetpointSpec, 'property'> = { min: 5, max: 30, step: 0.5 };

/**
 * How long a mains-powered device may stay silent before it counts as offline, when
 * zigbee2mqtt publishes no availability for it: a little over the one hour that Zigbee
 * attribute reporting allows as longest interval (decision 0084).
 */
export const MAINS_SILENCE_MS = 75 * 60_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** Every expose, with the features of composite ones (climate, …) flattened in. */
function flatten(
  exposes: readonly Expose[],
  inClimate = false,
): { expose: Expose; inClimate: boolean }[] {
  return exposes.flatMap((expose) => {
    if (!isObject(expose)) return [];
    const climate = inClimate || expose.type === 'climate';
    const own = { expose, inClimate };
    return Array.isArray(expose.features) ? [own, ...flatten(expose.features, climate)] : [own];
  });
}

const propertyOf = (expose: Expose) => expose.property ?? expose.name;

/** The heating setpoint a thermostat's exposes declare, with its range and step; null if none. */
export function setpointSpec(exposes: readonly Expose[]): SetpointSpec | null {
  const all = flatten(exposes);
  for (const wanted of SETPOINT_PROPERTIES) {
    const found = all.find(
      ({ expose }) =>
        propertyOf(expose) === wanted &&
        expose.type === 'numeric' &&
        ((expose.access ?? ACCESS_SET) & ACCESS_SET) !== 0,
    );
    if (!found) continue;
    const { expose } = found;
    const min = finite(expose.value_min) ?? DEFAULT_SETPOINT.min;
    const max = finite(expose.value_max) ?? DEFAULT_SETPOINT.max;
    const step = finite(expose.value_step);
    return {
      property: wanted,
      min: Math.min(min, max),
      max: Math.max(min, max),
      step: step !== null && step > 0 ? step : DEFAULT_SETPOINT.step,
    };
  }
  return null;
}

/**
 * One entry of `bridge/devices` as ours; null for the coordinator, a disabled device or a bad
 * entry. A device without a definition (unsupported, or still being interviewed) is kept, with
 * no capabilities: the devices page can still show it and a room can name it.
 */
export function deviceFromBridge(entry: unknown): ZigbeeDevice | null {
  if (!isObject(entry)) return null;
  const name = textOrNull(entry.friendly_name);
  const type = textOrNull(entry.type) ?? 'EndDevice';
  if (name === null || type === 'Coordinator' || entry.disabled === true) return null;
  const definition = isObject(entry.definition) ? entry.definition : null;
  const exposes = Array.isArray(definition?.exposes) ? (definition.exposes as Expose[]) : [];
  const all = flatten(exposes);
  const has = (property: string, outsideClimate = false) =>
    all.some(
      ({ expose, inClimate }) => propertyOf(expose) === property && !(outsideClimate && inClimate),
    );
  const systemMode = all.find(({ expose }) => propertyOf(expose) === 'system_mode')?.expose;
  const powerSource = textOrNull(entry.power_source) ?? '';
  return {
    name,
    ieeeAddress: textOrNull(entry.ieee_address) ?? '',
    type,
    mains: /mains|dc source/i.test(powerSource),
    model: textOrNull(definition?.model),
    vendor: textOrNull(definition?.vendor),
    description: textOrNull(definition?.description),
    setpoint: setpointSpec(exposes),
    systemModes: Array.isArray(systemMode?.values)
      ? systemMode.values.filter((value): value is string => typeof value === 'string')
      : [],
    temperatureSensor: has('temperature', true),
    humiditySensor: has('humidity', true),
    valveProperty: has('position')
      ? 'position'
      : has('pi_heating_demand')
        ? 'pi_heating_demand'
        : null,
  };
}

/** The devices of a `bridge/devices` payload (an array); [] for anything else. */
export function devicesFromBridge(payload: unknown): ZigbeeDevice[] {
  if (!Array.isArray(payload)) return [];
  return payload.flatMap((entry) => {
    const device = deviceFromBridge(entry);
    return device ? [device] : [];
  });
}

export type Availability = 'online' | 'offline';

/**
 * `<base>/<name>/availability`: `{"state":"online"}` (zigbee2mqtt 1.x with its availability
 * feature, and 2.x) or plain `online` / `offline` (older, or `legacy_availability_payload`).
 * null for anything else, and for an empty retained message (a removed device).
 */
export function parseAvailability(payload: string): Availability | null {
  const text = payload.trim();
  if (text === 'online' || text === 'offline') return text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isObject(parsed) && (parsed.state === 'online' || parsed.state === 'offline')) {
      return parsed.state;
    }
  } catch {
    // not JSON: not an availability we know
  }
  return null;
}

/** A device's state as last reported on `<base>/<name>` (merged: zigbee2mqtt may send parts). */
export type DeviceState = Record<string, unknown>;

/** What we know of one device at a moment: its definition, last state and availability. */
export interface DeviceReport {
  device: ZigbeeDevice;
  state: DeviceState;
  /** Epoch ms of its last state message; null before the first. */
  lastReportAt: number | null;
  /** The last `<name>/availability`; null when zigbee2mqtt published none. */
  availability: Availability | null;
}

/**
 * Whether a device counts as reachable: its availability when zigbee2mqtt publishes one; else
 * a mains-powered device that stayed silent for MAINS_SILENCE_MS is offline; a battery device
 * that is quiet is normal (it reports on change only), so it is never offline by silence.
 * null = we cannot say (no availability, no report yet).
 */
export function availabilityOf(report: DeviceReport, now: number): Availability | null {
  if (report.availability !== null) return report.availability;
  if (!report.device.mains) return report.lastReportAt === null ? null : 'online';
  if (report.lastReportAt === null) return null;
  return now - report.lastReportAt > MAINS_SILENCE_MS ? 'offline' : 'online';
}

const mean = (values: number[]): number | null =>
  values.length === 0
    ? null
    : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100;

/** A room's values from its devices (decision 0084). null where none of them tells. */
export interface RoomValues {
  /** Sensors' `temperature` if any reports one, else thermostats' `local_temperature`; the mean. */
  temperature: number | null;
  humidity: number | null;
  /** Valve opening in % (0–100), the mean of the thermostats that report `position` or `pi_heating_demand`. */
  valve: number | null;
  /** The lowest battery in % of the room's devices. */
  battery: number | null;
  /** Devices that count as offline now. */
  offline: string[];
}

/**
 * The room's values from the reports of its devices. An offline device's last values are
 * stale and left out; a quiet battery device's last values count.
 */
export function roomValues(reports: readonly DeviceReport[], now: number): RoomValues {
  const offline: string[] = [];
  const live: DeviceReport[] = [];
  for (const report of reports) {
    if (availabilityOf(report, now) === 'offline') offline.push(report.device.name);
    else live.push(report);
  }
  const values = (pick: (report: DeviceReport) => number | null) =>
    live.flatMap((report) => {
      const value = pick(report);
      return value === null ? [] : [value];
    });
  const sensors = values((r) => (r.device.temperatureSensor ? finite(r.state.temperature) : null));
  const thermostats = values((r) => finite(r.state.local_temperature));
  const valves = values((r) =>
    r.device.valveProperty === null ? null : finite(r.state[r.device.valveProperty]),
  ).map((value) => Math.min(100, Math.max(0, value)));
  const batteries = reports.flatMap((report) => {
    const battery = finite(report.state.battery);
    return battery === null ? [] : [battery];
  });
  return {
    temperature: mean(sensors.length > 0 ? sensors : thermostats),
    humidity: mean(values((r) => finite(r.state.humidity))),
    valve: mean(valves),
    battery: batteries.length === 0 ? null : Math.min(...batteries),
    offline,
  };
}

/** Decimals of a step (0.5 → 1, 0.1 → 1, 1 → 0), so rounding leaves no float noise. */
function decimalsOf(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : Math.min(6, text.length - dot - 1);
}

/**
 * The value a thermostat is sent for a room's target: within its value_min/value_max, on its
 * value_step's grid (the nearest step; a step that would leave the range goes back inside).
 */
export function deviceSetpoint(target: number, spec: SetpointSpec): number {
  const clamp = (value: number) => Math.min(spec.max, Math.max(spec.min, value));
  const decimals = decimalsOf(spec.step);
  let value = Math.round(clamp(target) / spec.step) * spec.step;
  if (value > spec.max) value -= spec.step;
  if (value < spec.min) value += spec.step;
  return Number(clamp(value).toFixed(decimals));
}
