import {
  availabilityOf,
  devicesFromBridge,
  parseAvailability,
  roomValues,
  type Availability,
  type DeviceReport,
  type DeviceState,
  type RoomValues,
  type ZigbeeDevice,
} from './rules.js';

/** Most topics of devices not (yet) in bridge/devices that are kept: a bound against floods. */
const UNKNOWN_MAX = 10_000;

/** What changed with one message: the device names whose values may be different now. */
export type RegistryChange =
  { kind: 'devices' } | { kind: 'device'; name: string } | { kind: 'bridge' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `last_seen` as zigbee2mqtt sends it (ISO_8601, ISO_8601_local or epoch ms); null otherwise. */
function lastSeenOf(state: DeviceState): number | null {
  const raw = state.last_seen;
  if (typeof raw === 'number' && Number.isFinite(raw) && raw > 0) return raw;
  if (typeof raw === 'string') {
    const parsed = Date.parse(raw);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * The zigbee2mqtt devices as our server knows them: their definitions from the retained
 * `<base>/bridge/devices`, each device's last state and availability, and the bridge's own
 * state. Fed with every message under `<base>/` (the topic without the base); messages may
 * arrive in any order (retained ones at subscription), so state and availability are kept by
 * topic and joined to a device when it is asked for. Friendly names may hold slashes.
 */
export class DeviceRegistry {
  private devices = new Map<string, ZigbeeDevice>();
  private readonly states = new Map<string, { state: DeviceState; at: number }>();
  private readonly availability = new Map<string, Availability>();
  private readonly listeners = new Set<(change: RegistryChange) => void>();
  /** `<base>/bridge/state`: zigbee2mqtt running (online), stopped (offline), or not heard of. */
  bridgeState: Availability | null = null;
  /** When bridge/devices was last received; null before. */
  devicesAt: number | null = null;

  constructor(private readonly now: () => number) {}

  onChange(listener: (change: RegistryChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One message; `path` is the topic below `<base>/`. Answers what changed, or null. */
  handle(path: string, payload: string): RegistryChange | null {
    const change = this.apply(path, payload);
    if (change) for (const listener of this.listeners) listener(change);
    return change;
  }

  private apply(path: string, payload: string): RegistryChange | null {
    if (path === 'bridge/devices') {
      const parsed = parseJson(payload);
      if (!Array.isArray(parsed)) return null;
      this.devices = new Map(devicesFromBridge(parsed).map((device) => [device.name, device]));
      this.devicesAt = this.now();
      return { kind: 'devices' };
    }
    if (path === 'bridge/state') {
      this.bridgeState = parseAvailability(payload);
      return { kind: 'bridge' };
    }
    if (path.startsWith('bridge/')) return null;
    if (!this.devices.has(path) && path.endsWith('/availability')) {
      const name = path.slice(0, -'/availability'.length);
      const availability = parseAvailability(payload);
      if (availability === null) this.availability.delete(name);
      else if (this.devices.has(name) || this.availability.has(name) || this.room()) {
        this.availability.set(name, availability);
      }
      return { kind: 'device', name };
    }
    if (!this.devices.has(path) && /\/(set|get)(\/[^/]+)?$/.test(path)) return null;
    if (payload === '') {
      // A cleared retained message: the device was removed or renamed.
      this.states.delete(path);
      return { kind: 'device', name: path };
    }
    const parsed = parseJson(payload);
    if (!isObject(parsed)) return null;
    const known = this.states.get(path);
    if (!known && !this.devices.has(path) && !this.room()) return null;
    const state = { ...known?.state, ...parsed };
    const lastSeen = lastSeenOf(state);
    const now = this.now();
    this.states.set(path, { state, at: lastSeen !== null && lastSeen <= now ? lastSeen : now });
    return { kind: 'device', name: path };
  }

  /** Whether another topic of a device not yet known may be kept. */
  private room(): boolean {
    return this.states.size + this.availability.size < this.devices.size + UNKNOWN_MAX;
  }

  /** The device by its friendly name as zigbee2mqtt last described it; null if unknown. */
  device(name: string): ZigbeeDevice | null {
    return this.devices.get(name) ?? null;
  }

  /** What we know of one device now; null when bridge/devices does not list it. */
  report(name: string): DeviceReport | null {
    const device = this.devices.get(name);
    if (!device) return null;
    const reported = this.states.get(name);
    return {
      device,
      state: reported?.state ?? {},
      lastReportAt: reported?.at ?? null,
      availability: this.availability.get(name) ?? null,
    };
  }

  /** Every known device's report, by name. */
  reports(): DeviceReport[] {
    return [...this.devices.keys()].sort().map((name) => this.report(name)!);
  }

  /** A device's availability now (rules.availabilityOf); null when unknown. */
  availabilityOf(name: string): Availability | null {
    const report = this.report(name);
    return report ? availabilityOf(report, this.now()) : null;
  }

  /** A room's values from the devices named (unknown names are left out). */
  roomValues(names: readonly string[]): RoomValues {
    const reports = names.flatMap((name) => {
      const report = this.report(name);
      return report ? [report] : [];
    });
    return roomValues(reports, this.now());
  }
}
