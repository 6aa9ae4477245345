import type { PolledRoom } from '../proxy/index.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createAlarmsRepository,
  type AlarmRecipientCandidate,
  type AlarmRecord,
  type AlarmsRepository,
  type NewAlarmMail,
  type PendingAlarmMail,
} from './repository.js';
import {
  evaluateDevice,
  evaluateRoom,
  mailPlan,
  markCleared,
  markOpened,
  newRoomWatch,
  type AlarmEvent,
  type AlarmKind,
  type DeviceWatch,
  type RoomReading,
  type RoomWatch,
} from './rules.js';
import { parseWireTime } from '../../platform/clock/local-time.js';
import { userCan } from '../../platform/auth/permissions.js';
import { parseIdList } from '../../platform/auth/users.js';
import type { Access, AlarmAckError, RoomPlace } from '@raumregler/contract';
import type { Actor } from '../audit/index.js';
import { alarmMail, digestMail, mailLanguage } from './mail.js';
import type { House, SimulatedRoomState } from '../building/index.js';
import type { Tx } from '../../platform/database/schema.js';
import { createDeviceAlarms } from './device-alarms.js';
import { createStores } from './stores.js';

/** Storms: the first MAIL_SINGLES alarms opened within MAIL_WINDOW_MS are mailed singly. */
export const MAIL_WINDOW_MS = 10 * 60_000;
export const MAIL_SINGLES = 5;
/** Retries of a failing mail server: 30 s, 1 min, 2 min … at most an hour apart. */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;
/** How often the outbox is looked at for digests and retries. */
const OUTBOX_MS = 5_000;
/** `all` lists the cleared alarms of the last 30 days. */
export const CLEARED_LISTED_MS = 30 * 24 * 3_600_000;

/** What the evaluation needs of a room beyond the rules' reading: its names, for the record. */
export interface NamedReading extends RoomReading {
  roomName?: string;
  floorName?: string;
  /** The floor's id, kept with the alarm (issue 32); looked up in the building when missing. */
  floorId?: number | null;
}

/** The outcome of one id in an acknowledge: acknowledged (now or before), or why not. */
export type AckOutcome = 'acknowledged' | 'cleared' | 'unknown';

/** A bulk acknowledge's answer: the ids acknowledged (also before), and the ones that failed. */
export interface BulkAckResult {
  acknowledged: number[];
  failed: { id: number; error: AlarmAckError }[];
}

/**
 * The evaluations decide at once, in memory, and store what they decided in the next group
 * commit: each answers a promise that settles once that is on disk (it never rejects: a store
 * that fails is logged and decided again from the database).
 */
export interface AlarmService {
  /** Whether the building's rooms come from its simulation or MQTT feed (not a device poll). */
  fromRooms: boolean;
  /** Evaluates every room at `now` (after each simulation tick, or each upstream poll). */
  evaluate: (readings: readonly NamedReading[], now: number) => Promise<void>;
  /**
   * Proxy mode: evaluates one poll of the device's `temps` (app.upstreamOf(house), every
   * HISTORY_INTERVAL_SECONDS): `solltemperatur`, `temperatur`, `betriebsart`, the sensor's
   * `letzte_uebertragung`.
   */
  evaluateUpstream: (rooms: readonly PolledRoom[], now: number) => Promise<void>;
  /**
   * Proxy mode: after every poll of the device, whether it answered usefully; opens the
   * device-offline alarm after ALARM_DEVICE_MINUTES without, clears it at the next answer.
   */
  evaluateDevice: (useful: boolean, now: number) => Promise<void>;
  /**
   * Issue 36, with a zigbee2mqtt registry (any mode): evaluates the rooms' devices at `now`
   * (device-offline, battery-low, device-unconfirmed). Runs by itself on the registry's changes
   * and a timer; tests with a manual clock call it.
   */
  evaluateDevices: (now: number) => Promise<void>;
  /** Settles once everything evaluated so far is stored (tests and the bench await it). */
  settled: () => Promise<void>;
  /**
   * Sends what is due in the outbox, after storing what was evaluated before; settles when this
   * round is done (tests await it).
   */
  deliver: () => Promise<void>;
  /**
   * Acknowledges an open alarm, with its audit entry in the same commit; see the ack route for
   * the answers.
   */
  acknowledge: (
    id: number,
    actor: Actor,
    note: string | null,
  ) => Promise<{ outcome: AckOutcome; alarm: AlarmRecord | null }>;
  /**
   * Acknowledges many alarms with one note in one commit (issue 32), each with its audit entry;
   * settles once all of them are on disk.
   */
  acknowledgeMany: (
    ids: readonly number[],
    actor: Actor,
    note: string | null,
  ) => Promise<BulkAckResult>;
  repo: AlarmsRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A building's alarms: their evaluation, storage, mails and acknowledgement. */
    alarmsOf: (house: House) => AlarmService;
  }
}

/** 'DD.MM.YYYY HH:MM', the device's local time of a sensor's last reading. */
const REPORTED = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/;

/** The rules' readings of the device's rooms as polled in proxy mode. */
export function readingsFromDevice(
  rooms: readonly PolledRoom[],
  local: Parameters<typeof parseWireTime>[0],
): NamedReading[] {
  return rooms.map((room) => {
    const sensors = Array.isArray(room.sensoren) ? room.sensoren : [];
    // The room's temperature sensor: the one the device marks, else one that reports a value.
    // Never a window contact (no value is its normal state, and it reports only on a change):
    // its old last report would call the room's sensor silent (issue 33).
    const sensor =
      sensors.find((each) => each.raumtemperatursensor) ??
      sensors.find((each) => each.wert !== null);
    const match = REPORTED.exec(sensor?.letzte_uebertragung ?? '');
    const reportedAt = match
      ? parseWireTime(local, `${match[3]}-${match[2]}-${match[1]}T${match[4]}:${match[5]}`)
      : null;
    const number = (value: unknown) =>
      typeof value === 'number' && Number.isFinite(value) ? value : null;
    return {
      roomId: room.id,
      roomName: String(room.name ?? room.id),
      floorName: String(room.floorName ?? ''),
      floorId: Number.isInteger(room.floorId) ? room.floorId : null,
      mode: typeof room.betriebsart === 'string' ? room.betriebsart : 'Heating',
      // A room without a sensor raises nothing: no temperature to judge.
      temperature: sensor || room.temperatur !== null ? number(room.temperatur) : null,
      target: number(room.solltemperatur),
      reportedAt,
    };
  });
}

/**
 * The alarm service (issue 15): evaluates the rules of rules.ts for every room after each
 * simulation tick, stores the alarms that open and clear, and mails them through `app.mailer`.
 * Per room it keeps the rules' memory (`RoomWatch`); the open alarms and every mail are in the
 * database, so a restart neither forgets an open alarm nor raises or mails one twice.
 */
/** What an evaluation that decided nothing answers. */
const DONE: Promise<void> = Promise.resolve();

export default fp(
  async (app) => {
    const services = new Map<number, AlarmService>();
    app.houses.each((house) => {
      const made = createAlarmService(app, house);
      services.set(house.id, made.service);
      return async () => {
        services.delete(house.id);
        await made.close();
      };
    });
    app.decorate('alarmsOf', (house: House) => services.get(house.id)!);
    // Each simulated building's step (or MQTT's feed) hands its rooms to that building's alarms.
    app.onSimulationTick((rooms: readonly SimulatedRoomState[], now: number, houseId: number) => {
      const service = services.get(houseId);
      if (!service?.fromRooms) return;
      try {
        void service.evaluate(rooms, now);
      } catch (error) {
        app.log.error({ err: error, house: houseId }, 'alarm evaluation failed');
      }
    });
  },
  {
    name: 'alarms',
    dependencies: ['database', 'clock', 'mailer', 'simulation', 'audit', 'background', 'building'],
  },
);

/**
 * One building's alarms. The server's own building follows the server's mode (proxy: the
 * device's poll; MQTT: the devices' feed and their own alarms); another building is simulated.
 */
function createAlarmService(app: FastifyInstance, house: House) {
  const own = house.id === app.config.houseId;
  {
    const { config } = app;
    const repo = createAlarmsRepository(app.sql, house.id);
    const stores = createStores((error) => app.log.error({ err: error }, 'alarm store failed'));
    const settings = config.alarms;
    const heating = app.deviceOf(house).kind;
    // A building in front of a Controme server: its device's poll feeds the alarms.
    const proxy = heating === 'proxy';
    // Durations in the building's own time: the simulation's, real time in proxy mode and for
    // another building with a device of its own (its Controme server or zigbee2mqtt devices).
    const real = proxy || (!own && heating !== 'simulation');
    const scale = real ? 1 : config.simSpeed;
    const watches = new Map<number, RoomWatch>();
    const watchOf = (roomId: number) => {
      let watch = watches.get(roomId);
      if (!watch) {
        watch = newRoomWatch();
        watches.set(roomId, watch);
      }
      return watch;
    };
    // The device-offline alarm belongs to no room: its own memory, its open alarm kept too.
    const device: DeviceWatch = { failingSince: null, openId: null };
    const remember = (alarms: readonly AlarmRecord[]) => {
      for (const alarm of alarms) {
        if (alarm.roomId === null) device.openId = alarm.id;
        else if (alarm.device === null) markOpened(watchOf(alarm.roomId), alarm.kind, alarm.id);
      }
    };

    // In every mode our users with an address who manage the alarm's room (issue 34: its room
    // in their scope, today within their validity; an alarm of no room: any of their rooms),
    // then ALARM_MAIL_TO (in German) for addresses none of them has. The candidates are read
    // once per store that opens alarms, before its commit.
    const recipients = (
      candidates: readonly AlarmRecipientCandidate[],
      place: RoomPlace | null,
    ): { recipient: string; language: string }[] => {
      const today = app.today();
      const users = candidates
        .filter((user) =>
          userCan(
            {
              accessSmart: user.accessSmart as Access,
              accessPro: user.accessPro as Access,
              floors: parseIdList(user.scopeFloors),
              rooms: parseIdList(user.scopeRooms),
              validFrom: user.validFrom,
              validUntil: user.validUntil,
            },
            'manage',
            place,
            today,
          ),
        )
        .map((user) => ({ recipient: user.email, language: mailLanguage(user.language) }));
      const known = new Set(users.map((user) => user.recipient.toLowerCase()));
      const extra = settings.mailTo
        .filter((recipient) => !known.has(recipient.toLowerCase()))
        .map((recipient) => ({ recipient, language: 'de' }));
      return [...users, ...extra];
    };

    const namesOf = (reading: NamedReading) => {
      if (reading.roomName !== undefined) {
        return {
          roomName: reading.roomName,
          floorName: reading.floorName ?? '',
          floorId: reading.floorId ?? null,
        };
      }
      const room = house.building.findRoom(reading.roomId);
      const floor = room
        ? house.building.listFloors().find((each) => each.id === room.floorId)
        : undefined;
      return {
        roomName: room?.name ?? `#${reading.roomId}`,
        floorName: floor?.name ?? '',
        floorId: floor?.id ?? null,
      };
    };

    const mailSoon = () => setImmediate(() => void deliver());

    // Issue 36: the alarms of the rooms' zigbee2mqtt devices (device-alarms.ts).
    // Any building with zigbee2mqtt devices (app.zigbeeOf); none for the others.
    const devices = createDeviceAlarms(app, house, {
      repo,
      stores,
      deviceMinutes: settings.deviceMinutes,
      mailWindowMs: MAIL_WINDOW_MS,
      mailSingles: MAIL_SINGLES,
      recipients,
      names: (roomId) => namesOf({ roomId } as NamedReading),
      mailSoon,
    });

    interface OpenStep {
      type: 'open';
      event: Extract<AlarmEvent, { type: 'open' }>;
      pending: number;
      reading: NamedReading;
    }
    type Step = Extract<AlarmEvent, { type: 'clear' }> | OpenStep;

    /**
     * What one evaluation decided: its opens are held in their watches under pending ids from
     * now on, then stored after the stores before (stores.ts), and held under their ids.
     */
    const apply = (
      events: readonly AlarmEvent[],
      byRoom: Map<number, NamedReading>,
      now: number,
    ): Promise<void> => {
      const steps: Step[] = [];
      const opens: OpenStep[] = [];
      for (const event of events) {
        if (event.type === 'clear') {
          steps.push(event);
          continue;
        }
        const pending = stores.pendingId();
        markOpened(watchOf(event.roomId), event.kind, pending);
        const step = { type: 'open' as const, event, pending, reading: byRoom.get(event.roomId)! };
        steps.push(step);
        opens.push(step);
      }
      return stores.run(() => store(steps, opens, now));
    };

    const store = async (steps: readonly Step[], opens: readonly OpenStep[], now: number) => {
      const ids = new Map<OpenStep, number>();
      try {
        const names = new Map(opens.map((step) => [step, namesOf(step.reading)]));
        const candidates = opens.length > 0 ? await repo.recipientCandidates() : [];
        const mailed = await app.commit(async (tx) => {
          let mailedAny = false;
          const recent = opens.length > 0 ? await repo.openedAfter(now - MAIL_WINDOW_MS, tx) : [];
          // The recipients are looked up once per room, not per alarm.
          const whoByRoom = new Map<number, { recipient: string; language: string }[]>();
          for (const step of steps) {
            if (step.type === 'clear') {
              if (stores.isPending(step.alarmId)) {
                const key = { roomId: step.roomId, device: null, kind: step.kind };
                await repo.clearOpen(tx, key, now);
              } else {
                await repo.clear(tx, step.alarmId, now);
              }
              continue;
            }
            const { event } = step;
            const place = names.get(step)!;
            const plan = mailPlan(now, recent, MAIL_WINDOW_MS, MAIL_SINGLES);
            let who = whoByRoom.get(event.roomId);
            if (!who) {
              who = recipients(candidates, { id: event.roomId, floor: place.floorId ?? -1 });
              whoByRoom.set(event.roomId, who);
            }
            const mails: NewAlarmMail[] = who.map((each) => ({ ...each, ...plan }));
            const { id, opened } = await repo.open(
              tx,
              {
                roomId: event.roomId,
                ...place,
                kind: event.kind,
                device: null,
                deviceKind: null,
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
          const open = watchOf(step.event.roomId).open[step.event.kind];
          if (open?.id === step.pending) open.id = ids.get(step)!;
        }
        // Mailing starts after this store, never inside it.
        if (mailed) mailSoon();
      } catch (error) {
        // The store failed (disk full): forget what this evaluation decided, so the next one
        // decides it again from the database's open alarms instead of a memory that disagrees.
        app.log.error({ err: error }, 'alarm evaluation could not be stored');
        for (const step of opens) {
          const watch = watchOf(step.event.roomId);
          if (watch.open[step.event.kind]?.id === step.pending) markCleared(watch, step.event.kind);
        }
        await reload((alarms) => remember(alarms));
      }
    };

    /** After a failed store: the open alarms as the database has them. */
    const reload = async (take: (alarms: AlarmRecord[]) => void) => {
      try {
        take(await repo.listOpen());
      } catch (error) {
        app.log.error({ err: error }, 'the open alarms could not be read');
      }
    };

    const found: AlarmEvent[] = [];
    const evaluate = (readings: readonly NamedReading[], now: number): Promise<void> => {
      found.length = 0;
      for (const reading of readings) {
        evaluateRoom(watchOf(reading.roomId), reading, now, scale, settings, found);
      }
      if (found.length === 0) return DONE;
      const events = found.splice(0);
      const byRoom = new Map(readings.map((reading) => [reading.roomId, reading]));
      return apply(events, byRoom, now);
    };

    const NO_ROOM = { roomId: null, device: null, kind: 'device-offline' } as const;
    const deviceOffline = (useful: boolean, now: number): Promise<void> => {
      const event = evaluateDevice(device, useful, now, settings);
      if (!event) return DONE;
      const pending = event.type === 'open' ? stores.pendingId() : null;
      if (pending !== null) device.openId = pending;
      const store = async () => {
        try {
          if (event.type === 'clear') {
            await app.commit((tx) =>
              stores.isPending(event.alarmId)
                ? repo.clearOpen(tx, NO_ROOM, now)
                : repo.clear(tx, event.alarmId, now),
            );
            return;
          }
          const candidates = await repo.recipientCandidates();
          const { id, mailed } = await app.commit(async (tx) => {
            const plan = mailPlan(
              now,
              await repo.openedAfter(now - MAIL_WINDOW_MS, tx),
              MAIL_WINDOW_MS,
              MAIL_SINGLES,
            );
            const mails: NewAlarmMail[] = recipients(candidates, null).map((each) => ({
              ...each,
              ...plan,
            }));
            const stored = await repo.open(
              tx,
              {
                ...NO_ROOM,
                roomName: null,
                floorName: null,
                floorId: null,
                deviceKind: null,
                since: event.since,
                openedAt: now,
                value: null,
                target: null,
              },
              mails,
            );
            return { id: stored.id, mailed: stored.opened && mails.length > 0 };
          });
          if (device.openId === pending) device.openId = id;
          if (mailed) mailSoon();
        } catch (error) {
          // Not stored (disk full): decided again at the next poll, from what the database holds.
          app.log.error({ err: error }, 'the device-offline alarm could not be stored');
          // An open decided after this one is left alone: it has its own store.
          if (device.openId === pending) device.openId = null;
          await reload((alarms) => remember(alarms.filter((alarm) => alarm.roomId === null)));
        }
      };
      return stores.run(store);
    };

    // The outbox: single mails at once, digests when their window ends, failures retried with
    // backoff. Sending is asynchronous and never holds up the evaluation.
    let delivering: Promise<void> | null = null;
    const baseUrl = () => {
      if (config.publicUrl) return config.publicUrl;
      const address = app.server.address();
      return `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
    };
    const sendOne = async (mails: readonly PendingAlarmMail[]) => {
      const first = mails[0]!;
      const language = mailLanguage(first.language);
      const mail = first.digest
        ? digestMail(
            mails.map((each) => each.alarm),
            first.recipient,
            language,
            app.clock.local,
            baseUrl(),
          )
        : alarmMail(first.alarm, first.recipient, language, app.clock.local, baseUrl());
      const ids = mails.map((each) => each.id);
      try {
        await app.mailer.send(mail);
      } catch (error) {
        const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** first.attempts);
        await app.commit((tx) => repo.markFailed(tx, ids, app.clock.now() + wait));
        app.log.warn(
          {
            err: { message: (error as Error).message },
            alarms: mails.map((m) => m.alarm.id),
            retryInMs: wait,
          },
          'alarm mail failed, will retry',
        );
        return;
      }
      await app.commit((tx) => repo.markSent(tx, ids, app.clock.now()));
    };
    const deliverRound = async () => {
      // What was evaluated before this round is in the outbox first.
      await stores.settled();
      const due = await repo.dueMails(app.clock.now());
      const digests = new Map<string, PendingAlarmMail[]>();
      for (const mail of due) {
        if (!mail.digest) {
          await sendOne([mail]);
          continue;
        }
        const list = digests.get(mail.recipient) ?? [];
        list.push(mail);
        digests.set(mail.recipient, list);
      }
      for (const list of digests.values()) await sendOne(list);
    };
    const deliver = (): Promise<void> => {
      if (delivering) {
        // A round is running: run once more after it, for what was queued meanwhile.
        return delivering.then(() => deliver());
      }
      delivering = deliverRound()
        .catch((error: unknown) => app.log.error({ err: error }, 'alarm outbox failed'))
        .finally(() => {
          delivering = null;
        });
      return delivering;
    };
    /** Mails left over from before a restart, digests and retries. */
    const deliverUnsent = async () => {
      try {
        if ((await repo.unsentMails()) > 0) void deliver();
      } catch (error) {
        app.log.error({ err: error }, 'alarm outbox failed');
      }
    };

    // Inside a commit's work: one alarm acknowledged with its audit entry. An acknowledged
    // alarm keeps its first acknowledgement and gets no second entry (nothing changed).
    const acknowledgeOne = async (tx: Tx, id: number, actor: Actor, note: string | null) => {
      const alarm = await repo.findById(id, tx);
      if (!alarm) return { outcome: 'unknown' as const, alarm: null };
      if (alarm.state === 'cleared') return { outcome: 'cleared' as const, alarm };
      if (alarm.state === 'active') {
        const username = actor.kind === 'user' ? actor.username : 'system';
        await repo.acknowledge(tx, id, username, app.clock.now(), note);
        await app.audit.record(tx, {
          actor,
          houseId: house.id,
          action: 'alarm-acknowledged',
          roomId: alarm.roomId,
          // The names kept with the alarm: in proxy mode the rooms live on the device.
          roomName: alarm.roomName,
          floorName: alarm.floorName,
          after: {
            alarm: alarm.id,
            kind: alarm.kind,
            ...(alarm.device === null ? {} : { device: alarm.device }),
            note,
          },
        });
      }
      return { outcome: 'acknowledged' as const, alarm: await repo.findById(id, tx) };
    };
    const acknowledge: AlarmService['acknowledge'] = async (id, actor, note) =>
      app.commit((tx) => acknowledgeOne(tx, id, actor, note));
    const acknowledgeMany: AlarmService['acknowledgeMany'] = async (ids, actor, note) =>
      app.commit(async (tx) => {
        const result: BulkAckResult = { acknowledged: [], failed: [] };
        for (const id of ids) {
          const { outcome } = await acknowledgeOne(tx, id, actor, note);
          if (outcome === 'acknowledged') result.acknowledged.push(id);
          else result.failed.push({ id, error: outcome === 'unknown' ? 'not_found' : 'conflict' });
        }
        return result;
      });

    const service: AlarmService = {
      fromRooms: !proxy,
      evaluate,
      evaluateUpstream: (rooms: readonly PolledRoom[], now: number) =>
        evaluate(readingsFromDevice(rooms, app.clock.local), now),
      evaluateDevice: deviceOffline,
      evaluateDevices: (now: number) => devices.evaluate(now),
      settled: stores.settled,
      deliver,
      acknowledge,
      acknowledgeMany,
      repo,
    };

    if (proxy) {
      // The device's temps as the building's poll fetches them for the history (its account),
      // and whether each poll got an answer at all (device-offline). The poll waits for both
      // stores: what it found is on record before its caller goes on.
      const poll = app.upstreamOf(house);
      poll.subscribe((rooms, at) => {
        try {
          return service.evaluateUpstream(rooms, at);
        } catch (error) {
          app.log.error({ err: error }, 'alarm evaluation failed');
          return DONE;
        }
      });
      poll.onOutcome(deviceOffline);
    }
    // Background work of the building (platform/background): the outbox and the device alarms
    // run only on the node that holds the building's lease (the evaluations follow the leased
    // simulation, device poll or MQTT feed). Taking it over, the node reads the open alarms
    // again (another node may have opened or cleared some since this one started) and forgets
    // the rules' memory of before: a condition is followed from the stored readings on, and a
    // sensor's silence counts from its last stored report, so the takeover itself raises nothing.
    let timer: NodeJS.Timeout | null = null;
    const removeWork = app.background.add(house.id, {
      name: 'alarms',
      async start() {
        const open = await repo.listOpen();
        watches.clear();
        device.failingSince = null;
        device.openId = null;
        remember(open);
        devices.reset(open);
        timer = setInterval(() => void deliverUnsent(), OUTBOX_MS);
        timer.unref();
        void deliverUnsent();
        // MQTT is registered after the alarms: its registry is there once the app is ready.
        devices.start();
      },
      async stop() {
        if (timer) clearInterval(timer);
        timer = null;
        devices.stop();
        await stores.settled();
        await delivering;
      },
    });
    return {
      service,
      async close() {
        await removeWork();
        await stores.settled();
      },
    };
  }
}

export type { AlarmKind };
