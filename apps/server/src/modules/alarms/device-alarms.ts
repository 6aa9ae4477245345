import type { AlarmDeviceKind, RoomPlace } from '@raumregler/contract';
import type { FastifyInstance } from 'fastify';
import {
  availabilityOf,
  MAINS_SILENCE_MS,
  type DeviceReport,
  type UnconfirmedDevice,
} from '../mqtt/index.js';
import {
  clearDevice,
  DEVICE_ALARM_KINDS,
  evaluateDeviceAlarms,
  newDeviceAlarmWatch,
  UNCONFIRMED_MS,
  type DeviceAlarmEvent,
  type DeviceAlarmKind,
  type DeviceAlarmWatch,
  type DeviceReading,
} from './device-rules.js';
import { mailPlan } from './rules.js';
import type {
  AlarmRecipientCandidate,
  AlarmRecord,
  AlarmsRepository,
  NewAlarmMail,
} from './repository.js';
import type { Stores } from './stores.js';
import type { House } from '../building/index.js';

/** What an evaluation that decided nothing answers. */
const DONE: Promise<void> = Promise.resolve();

/** A thermostat's command the driver (`app.mqtt.driver`) has not seen confirmed. */
type UnconfirmedCommand = UnconfirmedDevice;

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** How the app names a device: a thermostat (a heating setpoint), a sensor, or another device. */
export function deviceKindOf(report: DeviceReport): AlarmDeviceKind {
  if (report.device.setpoint) return 'thermostat';
  if (report.device.temperatureSensor || report.device.humiditySensor) return 'sensor';
  return 'other';
}

export interface DeviceAlarmsDeps {
  repo: AlarmsRepository;
  /** The service's stores in flight and pending ids (stores.ts). */
  stores: Stores;
  deviceMinutes: number;
  mailWindowMs: number;
  mailSingles: number;
  /** Who, of the candidates, gets the mail of an alarm of this room. */
  recipients: (
    candidates: readonly AlarmRecipientCandidate[],
    place: RoomPlace | null,
  ) => { recipient: string; language: string }[];
  /** A room's names for the record. */
  names: (roomId: number) => { roomName: string; floorName: string; floorId: number | null };
  /** Starts the outbox after this evaluation. */
  mailSoon: () => void;
}

/**
 * The device alarms of issue 36 (decision 0086): per zigbee2mqtt device of a room
 * of the building (`house.roomDevices`, its registry: `app.zigbeeOf`), `device-offline`, `battery-low` and `device-unconfirmed`, evaluated
 * when a device's report or availability changes (`registry.onChange`) and on a timer (offline
 * lasting, the driver's open commands ageing), in every mode with a zigbee2mqtt registry.
 */
export function createDeviceAlarms(app: FastifyInstance, house: House, deps: DeviceAlarmsDeps) {
  const { repo, stores } = deps;
  const watches = new Map<string, DeviceAlarmWatch>();
  const watchOf = (name: string) => {
    let watch = watches.get(name);
    if (!watch) {
      watch = newDeviceAlarmWatch();
      watches.set(name, watch);
    }
    return watch;
  };
  let startedAt: number | null = null;

  /** The open device alarms (just stored, or loaded after a restart). */
  const remember = (alarms: readonly AlarmRecord[]) => {
    for (const alarm of alarms) {
      if (alarm.device === null || alarm.roomId === null) continue;
      const watch = watchOf(alarm.device);
      watch.open[alarm.kind as DeviceAlarmKind] = { id: alarm.id, roomId: alarm.roomId };
      // Offline before the restart: counted on from its start, not raised a second time.
      if (alarm.kind === 'device-offline') watch.offlineSince = alarm.since;
    }
  };

  // The building's zigbee2mqtt (modules/mqtt, registered after the alarms: asked when needed).
  const zigbee = () => (app.hasDecorator('zigbeeOf') ? app.zigbeeOf(house.id) : null);
  const driver = () => zigbee()?.driver ?? null;

  const readingOf = (
    name: string,
    roomId: number,
    report: DeviceReport,
    commands: Map<string, UnconfirmedCommand>,
    now: number,
    start: number,
  ): DeviceReading => {
    let availability = availabilityOf(report, now);
    // A mains device not heard at all since our start is silent as one heard at our start.
    if (
      availability === null &&
      report.device.mains &&
      report.lastReportAt === null &&
      now - start > MAINS_SILENCE_MS
    ) {
      availability = 'offline';
    }
    const command = commands.get(name);
    return {
      name,
      roomId,
      kind: deviceKindOf(report),
      availability,
      battery: finite(report.state.battery),
      // Right after our start the driver may not have sent yet: absence says nothing then.
      unconfirmed: command
        ? { setpoint: command.setpoint, since: command.since }
        : now - start < UNCONFIRMED_MS
          ? undefined
          : null,
    };
  };

  const found: DeviceAlarmEvent[] = [];

  /**
   * Evaluates every room's devices (or only `only`) at `now`; stores and mails what changed.
   * Settles once stored.
   */
  const evaluate = (now: number, only?: string): Promise<void> => {
    const registry = zigbee()?.registry;
    // Before bridge/devices we know no device: nothing to say, nothing to clear.
    if (!registry || registry.devicesAt === null) return DONE;
    startedAt ??= now;
    const start = startedAt;
    const rooms = new Map<string, number>();
    if (only === undefined) {
      for (const [roomId, names] of house.roomDevices.all()) {
        for (const name of names) rooms.set(name, roomId);
      }
    } else {
      const roomId = house.roomDevices.roomOf(only);
      if (roomId !== null) rooms.set(only, roomId);
    }
    // The driver's open commands: all of them for a sweep, the one device's for its report.
    const list = driver()?.unconfirmed() ?? [];
    const commands = new Map<string, UnconfirmedCommand>();
    for (const each of list) {
      if (only === undefined || each.device === only) commands.set(each.device, each);
    }
    found.length = 0;
    for (const [name, roomId] of rooms) {
      const watch = watchOf(name);
      const report = registry.report(name);
      if (!report) {
        // zigbee2mqtt does not know it (removed, renamed): nothing of it is known any more.
        clearDevice(watch, name, DEVICE_ALARM_KINDS, found);
        continue;
      }
      evaluateDeviceAlarms(
        watch,
        readingOf(name, roomId, report, commands, now, start),
        now,
        deps.deviceMinutes,
        found,
      );
    }
    // A device that left its room takes its alarms with it.
    const left = only === undefined ? [...watches.keys()] : [only];
    for (const name of left) {
      if (rooms.has(name)) continue;
      const watch = watches.get(name);
      if (watch) clearDevice(watch, name, DEVICE_ALARM_KINDS, found);
      watches.delete(name);
    }
    if (found.length === 0) return DONE;
    return apply(found.splice(0), now);
  };

  interface OpenStep {
    type: 'open';
    event: Extract<DeviceAlarmEvent, { type: 'open' }>;
    pending: number;
  }
  type Step = Extract<DeviceAlarmEvent, { type: 'clear' }> | OpenStep;

  /**
   * What one evaluation decided: its opens are held in their watches under pending ids from now
   * on, then stored after the stores before (stores.ts), and held under their ids.
   */
  const apply = (events: readonly DeviceAlarmEvent[], now: number): Promise<void> => {
    const steps: Step[] = [];
    const opens: OpenStep[] = [];
    for (const event of events) {
      if (event.type === 'clear') {
        steps.push(event);
        continue;
      }
      const pending = stores.pendingId();
      watchOf(event.device).open[event.kind] = { id: pending, roomId: event.roomId };
      const step = { type: 'open' as const, event, pending };
      steps.push(step);
      opens.push(step);
    }
    return stores.run(() => store(steps, opens, now));
  };

  const store = async (steps: readonly Step[], opens: readonly OpenStep[], now: number) => {
    const ids = new Map<OpenStep, number>();
    try {
      const names = new Map(opens.map((step) => [step, deps.names(step.event.roomId)]));
      const candidates = opens.length > 0 ? await repo.recipientCandidates() : [];
      const mailed = await app.commit(async (tx) => {
        let mailedAny = false;
        const recent = opens.length > 0 ? await repo.openedAfter(now - deps.mailWindowMs, tx) : [];
        for (const step of steps) {
          if (step.type === 'clear') {
            if (stores.isPending(step.alarmId)) {
              const key = { roomId: null, device: step.device, kind: step.kind };
              await repo.clearOpen(tx, key, now);
            } else {
              await repo.clear(tx, step.alarmId, now);
            }
            continue;
          }
          const { event } = step;
          const place = names.get(step)!;
          const plan = mailPlan(now, recent, deps.mailWindowMs, deps.mailSingles);
          const mails: NewAlarmMail[] = deps
            .recipients(candidates, { id: event.roomId, floor: place.floorId ?? -1 })
            .map((each) => ({ ...each, ...plan }));
          const { id, opened } = await repo.open(
            tx,
            {
              roomId: event.roomId,
              ...place,
              kind: event.kind,
              device: event.device,
              deviceKind: event.deviceKind,
              since: event.since,
              openedAt: now,
              value: event.value,
              target: event.target,
            },
            mails,
          );
          ids.set(step, id);
          if (opened) {
            recent.push(now);
            mailedAny ||= mails.length > 0;
          }
        }
        return mailedAny;
      });
      for (const step of opens) {
        const open = watches.get(step.event.device)?.open[step.event.kind];
        if (open?.id === step.pending) open.id = ids.get(step)!;
      }
      if (mailed) deps.mailSoon();
    } catch (error) {
      // Not stored (disk full): forget what this round decided and take the database's word.
      app.log.error({ err: error }, 'device alarms could not be stored');
      watches.clear();
      try {
        remember(await repo.listOpen());
      } catch (failed) {
        app.log.error({ err: failed }, 'the open alarms could not be read');
      }
    }
  };

  let timer: NodeJS.Timeout | null = null;
  let stopListening: (() => void) | null = null;
  return {
    remember,
    /** Forgets what it remembered and takes the database's open alarms (a lease taken over). */
    reset(open: readonly AlarmRecord[]) {
      watches.clear();
      remember(open);
    },
    evaluate,
    /** Starts listening to the registry and the timer (background work: the registry exists by then). */
    start() {
      const registry = zigbee()?.registry;
      if (!registry) return;
      startedAt = app.clock.now();
      const safely = (only?: string) => {
        try {
          void evaluate(app.clock.now(), only);
        } catch (error) {
          app.log.error({ err: error }, 'device alarm evaluation failed');
        }
      };
      stopListening = registry.onChange((change) => {
        if (change.kind === 'device') safely(change.name);
        else if (change.kind === 'devices') safely();
      });
      // Retained messages may have come in before we listened.
      safely();
      // Often enough that ALARM_DEVICE_MINUTES is kept to a sixth of itself (1–10 s).
      const period = Math.min(10_000, Math.max(1_000, (deps.deviceMinutes * 60_000) / 6));
      timer = setInterval(() => safely(), period);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      stopListening?.();
      timer = null;
      stopListening = null;
    },
  };
}
