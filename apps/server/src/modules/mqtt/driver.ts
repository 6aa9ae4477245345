import {
  afterConfirm,
  afterKnob,
  afterSend,
  commandPayload,
  desiredCommand,
  initialDriveState,
  judgeReport,
  needsSend,
  type DeviceCommand,
  type DriveState,
} from './drive-rules.js';
import type { DeviceRegistry, RegistryChange } from './registry.js';
import type { Availability } from './rules.js';

/** A thermostat that has not reported the commanded setpoint since `since` (epoch ms). */
export interface UnconfirmedDevice {
  device: string;
  roomId: number;
  setpoint: number;
  since: number;
}

/** What the driver needs to know of the rooms at one instant: mode and target in force. */
export interface DriveSnapshot {
  rooms: ReadonlyMap<number, { mode: string; target: number }>;
  /** Room id → its device names. */
  devices: ReadonlyMap<number, readonly string[]>;
}

export interface DriverOptions {
  base: string;
  registry: DeviceRegistry;
  now: () => number;
  connected: () => boolean;
  publish: (topic: string, payload: string) => Promise<void>;
  snapshot: () => DriveSnapshot;
  /** A knob turned by hand: make `value` the room's temporary target (resolves once durable). */
  knob: (roomId: number, device: string, value: number) => Promise<void>;
  log: { info: (message: string) => void; warn: (message: string) => void };
}

export interface MqttDriver {
  /** Sends every thermostat whose command changed (or all of them with `force`). */
  evaluate(force?: boolean): void;
  /** Thermostats that have not reported the commanded setpoint since the command. */
  unconfirmed(): readonly UnconfirmedDevice[];
  /** The last command sent to a device, if any (tests, the devices page). */
  commanded(name: string): (DeviceCommand & { at: number }) | null;
  close(): void;
}

/**
 * Drives the thermostats of every room (issue 36, decision 0085): each gets its room's target
 * in force on `<base>/<name>/set`, on every change, at start, after our reconnect, when it comes
 * back online and when its report disagrees; never again for an unchanged value. A report away
 * from the last confirmed setpoint that we did not send is a knob turned by hand: the room's
 * temporary target. The state is in memory: after a restart every thermostat is sent again.
 */
export function createDriver(options: DriverOptions): MqttDriver {
  const { registry, now, log } = options;
  const states = new Map<string, DriveState>();
  const roomOfDevice = new Map<string, number>();
  /**
   * The last state judged per device: the registry keeps a new object per state message, so an
   * availability message (not a report) leaves it as it was.
   */
  const judged = new Map<string, object>();
  const availability = new Map<string, Availability | null>();
  /** Rooms whose knob change is being written: not driven until it is durable. */
  const knobRooms = new Set<number>();
  /** Devices to send to even if unchanged at the next evaluation (back online, disagreeing). */
  const forced = new Set<string>();
  let closed = false;

  const stateOf = (name: string) => {
    let state = states.get(name);
    if (!state) states.set(name, (state = initialDriveState()));
    return state;
  };

  const send = (name: string, property: string, command: DeviceCommand) => {
    const payload = JSON.stringify(commandPayload(property, command));
    states.set(name, afterSend(stateOf(name), command, now()));
    options.publish(`${options.base}/${name}/set`, payload).catch((error: unknown) => {
      log.warn(`MQTT: sending to "${name}" failed: ${(error as Error).message}`);
    });
  };

  const evaluate = (force = false) => {
    if (closed) return;
    const { rooms, devices } = options.snapshot();
    roomOfDevice.clear();
    for (const [roomId, names] of devices) {
      for (const name of names) roomOfDevice.set(name, roomId);
    }
    // Devices no longer in a room are forgotten (a room given them later sends again).
    for (const name of states.keys()) if (!roomOfDevice.has(name)) states.delete(name);
    // Nothing goes out while the broker is away: our reconnect sends every thermostat.
    if (!options.connected()) return;
    for (const [roomId, names] of devices) {
      const room = rooms.get(roomId);
      if (!room || knobRooms.has(roomId)) continue;
      for (const name of names) {
        const device = registry.device(name);
        if (!device?.setpoint) continue;
        const desired = desiredCommand(room.mode, room.target, {
          setpoint: device.setpoint,
          systemModes: device.systemModes,
        });
        const state = stateOf(name);
        if (needsSend(state, desired, force || forced.has(name))) {
          send(name, device.setpoint.property, desired);
        }
        forced.delete(name);
      }
    }
  };

  const knob = (roomId: number, name: string, value: number) => {
    knobRooms.add(roomId);
    log.info(`MQTT: "${name}" was set to ${value} °C by hand: a temporary target`);
    options
      .knob(roomId, name, value)
      .then(() => {
        states.set(name, afterKnob(stateOf(name), value, now()));
      })
      .catch((error: unknown) => {
        log.warn(`MQTT: the knob of "${name}" could not be taken: ${(error as Error).message}`);
      })
      .finally(() => {
        knobRooms.delete(roomId);
        // The room's new target to its other thermostats, and the limit back to this one.
        evaluate();
      });
  };

  const onDevice = (name: string) => {
    const roomId = roomOfDevice.get(name);
    if (roomId === undefined) return;
    const report = registry.report(name);
    const spec = report?.device.setpoint;
    if (!report || !spec) return;
    // Back online: it may have missed what we sent meanwhile.
    const was = availability.get(name) ?? null;
    const is = registry.availabilityOf(name);
    availability.set(name, is);
    if (was === 'offline' && is === 'online') {
      // What it missed is sent again; its 2 minutes to confirm start from that resend.
      const state = states.get(name);
      if (state) states.set(name, { ...state, pendingSince: null });
      forced.add(name);
      evaluate();
    }
    // A state report (not an availability message): what its setpoint says.
    if (judged.get(name) === report.state) return;
    judged.set(name, report.state);
    const reported = report.state[spec.property];
    if (typeof reported !== 'number' || !Number.isFinite(reported)) return;
    if (knobRooms.has(roomId)) return;
    const state = stateOf(name);
    const verdict = judgeReport(state, reported, now());
    if (verdict === 'confirm') states.set(name, afterConfirm(state, reported));
    else if (verdict === 'knob') knob(roomId, name, reported);
    else if (verdict === 'disagree') {
      forced.add(name);
      evaluate();
    }
  };

  const unsubscribe = registry.onChange((change: RegistryChange) => {
    if (closed) return;
    if (change.kind === 'devices') evaluate();
    else if (change.kind === 'device') onDevice(change.name);
  });

  return {
    evaluate,
    unconfirmed: () => {
      const list: UnconfirmedDevice[] = [];
      for (const [name, state] of states) {
        const roomId = roomOfDevice.get(name);
        if (roomId === undefined || state.pendingSince === null || !state.commanded) continue;
        // An offline thermostat is the device-offline alarm's; it is sent again when back.
        if (registry.availabilityOf(name) === 'offline') continue;
        list.push({
          device: name,
          roomId,
          setpoint: state.commanded.setpoint,
          since: state.pendingSince,
        });
      }
      return list;
    },
    commanded: (name) => states.get(name)?.commanded ?? null,
    close: () => {
      closed = true;
      unsubscribe();
    },
  };
}
