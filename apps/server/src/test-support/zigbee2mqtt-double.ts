import mqtt, { type MqttClient } from 'mqtt';
import { bridgeEntry, COORDINATOR_ENTRY, type DeviceModel } from './zigbee2mqtt-devices.js';

/**
 * A zigbee2mqtt double for tests (issue 36), on a real broker: it publishes what zigbee2mqtt
 * publishes, in its topic layout and payloads, and answers commands as the devices would.
 *
 * - `<base>/bridge/state` `{"state":"online"}` retained (its last will: offline)
 * - `<base>/bridge/devices` retained: the coordinator and every device with its definition
 * - `<base>/<name>` the device's whole state as JSON (zigbee2mqtt sends its cached state, not
 *   only what changed), retained like zigbee2mqtt's `retain: true` device option
 * - `<base>/<name>/availability` `{"state":"online"}` retained (availability feature on), or
 *   plain `online` (`legacy`), or nothing (`none`: the feature off)
 * - `<base>/<name>/set` (JSON) and `<base>/<name>/set/<property>` (plain value): a settable
 *   property changes the state, which the device reports, unless `confirmSets(name, false)`
 *   (a thermostat that drops commands). Names may hold slashes.
 */
export interface DoubleDeviceInit {
  name: string;
  model: DeviceModel;
  /** Overrides of the model's initial state. */
  state?: Record<string, unknown>;
  /** Default true: the device is reachable and its commands are answered. */
  online?: boolean;
}

export interface DoubleOptions {
  /** mqtt://… of the broker. */
  url: string;
  base?: string;
  devices: DoubleDeviceInit[];
  /** How availability is published: zigbee2mqtt 2.x JSON (default), legacy plain text, or not at all. */
  availability?: 'json' | 'legacy' | 'none';
}

interface DoubleDevice {
  name: string;
  model: DeviceModel;
  state: Record<string, unknown>;
  online: boolean;
  confirm: boolean;
}

export interface ReceivedCommand {
  name: string;
  payload: Record<string, unknown>;
  at: number;
}

const SETTABLE = 2;

/** The properties a model's exposes let one set, flattened out of climate and other composites. */
function settableProperties(model: DeviceModel): Set<string> {
  const found = new Set<string>();
  const walk = (exposes: unknown[]) => {
    for (const raw of exposes) {
      const expose = raw as { property?: string; access?: number; features?: unknown[] };
      if (expose.property && ((expose.access ?? 0) & SETTABLE) !== 0) found.add(expose.property);
      if (Array.isArray(expose.features)) walk(expose.features);
    }
  };
  walk(model.definition.exposes);
  return found;
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class Zigbee2mqttDouble {
  readonly base: string;
  readonly commands: ReceivedCommand[] = [];
  private readonly devices = new Map<string, DoubleDevice>();
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly client: MqttClient,
    base: string,
    private readonly availabilityFormat: 'json' | 'legacy' | 'none',
    devices: DoubleDeviceInit[],
  ) {
    this.base = base;
    for (const init of devices) {
      this.devices.set(init.name, {
        name: init.name,
        model: init.model,
        state: { ...init.model.initialState, ...init.state },
        online: init.online ?? true,
        confirm: true,
      });
    }
  }

  static async start(options: DoubleOptions): Promise<Zigbee2mqttDouble> {
    const base = options.base ?? 'zigbee2mqtt';
    const client = mqtt.connect(options.url, {
      clientId: `zigbee2mqtt-double-${Math.random().toString(16).slice(2, 10)}`,
      reconnectPeriod: 200,
      will: {
        topic: `${base}/bridge/state`,
        payload: Buffer.from('{"state":"offline"}'),
        retain: true,
        qos: 1,
      },
    });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    const double = new Zigbee2mqttDouble(
      client,
      base,
      options.availability ?? 'json',
      options.devices,
    );
    client.on('message', (topic, payload) => double.onMessage(topic, payload.toString()));
    await client.subscribeAsync(`${base}/#`, { qos: 1 });
    await double.publish(`${base}/bridge/state`, '{"state":"online"}');
    await double.publishDevices();
    for (const device of double.devices.values()) {
      await double.publishAvailability(device);
      await double.publishState(device);
    }
    return double;
  }

  /** `bridge/devices` as zigbee2mqtt publishes it (retained), e.g. again after a change. */
  async publishDevices(): Promise<void> {
    const entries = [...this.devices.values()].map((device, index) =>
      bridgeEntry(device.name, device.model, index),
    );
    await this.publish(
      `${this.base}/bridge/devices`,
      JSON.stringify([COORDINATOR_ENTRY, ...entries]),
    );
  }

  /** The device's current state (a copy). */
  state(name: string): Record<string, unknown> {
    return { ...this.device(name).state };
  }

  /** The device reports: the values merge into its state, which is published whole. */
  async report(name: string, values: Record<string, unknown>): Promise<void> {
    const device = this.device(name);
    Object.assign(device.state, values);
    await this.publishState(device);
  }

  /** zigbee2mqtt's availability feature says the device is (un)reachable. */
  async setOnline(name: string, online: boolean): Promise<void> {
    const device = this.device(name);
    device.online = online;
    await this.publishAvailability(device);
  }

  /** false: the device takes commands without reporting them (a dropped command). */
  confirmSets(name: string, confirm: boolean): void {
    this.device(name).confirm = confirm;
  }

  /** Resolves with the first command to `name` received from `since` on that matches. */
  async waitForCommand(
    name: string,
    match: (payload: Record<string, unknown>) => boolean = () => true,
    { since = 0, timeoutMs = 5_000 }: { since?: number; timeoutMs?: number } = {},
  ): Promise<ReceivedCommand> {
    const find = () =>
      this.commands.find(
        (command) => command.name === name && command.at >= since && match(command.payload),
      );
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `no command to "${name}" within ${timeoutMs} ms; got ${JSON.stringify(this.commands)}`,
          ),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /**
   * A simple thermal response over `minutes`: a thermostat's room warms towards its setpoint
   * (a tenth of the gap a minute) while its valve opens in proportion to the gap, and the state
   * is reported.
   */
  async advance(minutes: number): Promise<void> {
    for (const device of this.devices.values()) {
      const property = ['occupied_heating_setpoint', 'current_heating_setpoint'].find(
        (key) => typeof device.state[key] === 'number',
      );
      const local = device.state.local_temperature;
      if (!property || typeof local !== 'number' || !device.online) continue;
      const target = device.state[property] as number;
      const off = device.state.system_mode === 'off';
      const next = off ? local : local + (target - local) * (1 - 0.9 ** minutes);
      const demand = off ? 0 : Math.round(Math.min(100, Math.max(0, (target - next) * 50)));
      const values: Record<string, unknown> = { local_temperature: Math.round(next * 10) / 10 };
      if ('pi_heating_demand' in device.state) values.pi_heating_demand = demand;
      if ('position' in device.state) values.position = demand;
      if ('running_state' in device.state) values.running_state = demand > 0 ? 'heat' : 'idle';
      await this.report(device.name, values);
    }
  }

  /** Ends the double's connection without its last will (zigbee2mqtt stopped cleanly). */
  async stop(): Promise<void> {
    await this.publish(`${this.base}/bridge/state`, '{"state":"offline"}').catch(() => {});
    await this.client.endAsync();
  }

  private device(name: string): DoubleDevice {
    const device = this.devices.get(name);
    if (!device) throw new Error(`the double has no device "${name}"`);
    return device;
  }

  private async publish(topic: string, payload: string, retain = true): Promise<void> {
    await this.client.publishAsync(topic, payload, { retain, qos: 1 });
  }

  private async publishState(device: DoubleDevice): Promise<void> {
    if (!device.online) return;
    await this.publish(`${this.base}/${device.name}`, JSON.stringify(device.state));
  }

  private async publishAvailability(device: DoubleDevice): Promise<void> {
    if (this.availabilityFormat === 'none') return;
    const state = device.online ? 'online' : 'offline';
    await this.publish(
      `${this.base}/${device.name}/availability`,
      this.availabilityFormat === 'json' ? JSON.stringify({ state }) : state,
    );
  }

  private onMessage(topic: string, text: string): void {
    const prefix = `${this.base}/`;
    if (!topic.startsWith(prefix)) return;
    const rest = topic.slice(prefix.length);
    for (const device of this.devices.values()) {
      const setPrefix = `${device.name}/set`;
      if (rest === setPrefix) {
        const parsed = parseValue(text);
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
          this.onCommand(device, parsed as Record<string, unknown>);
        }
        return;
      }
      if (rest.startsWith(`${setPrefix}/`)) {
        this.onCommand(device, { [rest.slice(setPrefix.length + 1)]: parseValue(text) });
        return;
      }
    }
  }

  private onCommand(device: DoubleDevice, payload: Record<string, unknown>): void {
    this.commands.push({ name: device.name, payload, at: Date.now() });
    for (const waiter of [...this.waiters]) waiter();
    // An unreachable device never hears it; one that drops commands does not report them.
    if (!device.online || !device.confirm) return;
    const settable = settableProperties(device.model);
    const changes = Object.fromEntries(
      Object.entries(payload).filter(([key]) => settable.has(key)),
    );
    if (Object.keys(changes).length === 0) return;
    Object.assign(device.state, changes);
    void this.publishState(device).catch(() => {});
  }
}
