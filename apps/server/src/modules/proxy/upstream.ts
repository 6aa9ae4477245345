import { readFloors, readOutputs, valvesByRoom, type Floor, type Room } from '@raumregler/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { perHouse, type House } from '../building/index.js';

/** A room of the device's `temps` answer, with its floor and its valve from `outs`. */
export interface PolledRoom extends Room {
  floorId: number;
  floorName: string;
  /** Valve opening in percent (`valvePercent` of its outputs); null when not known. */
  valve: number | null;
}

/**
 * Called once per HISTORY_INTERVAL_SECONDS with the first useful poll of that interval: the
 * device's rooms (with their valves) and the instant (epoch ms). A promise it answers is waited
 * for before the poll settles.
 */
export type PollListener = (rooms: readonly PolledRoom[], at: number) => unknown;

/**
 * Called after every poll: whether the device gave a useful answer (`temps/` 2xx and a
 * parsable list of floors; `outs/` failing leaves only the valves unknown), at that instant. A
 * timeout, a refused connection, a non-2xx answer or one that is no JSON list is not useful. A
 * promise it answers is waited for before the poll settles.
 */
export type OutcomeListener = (useful: boolean, at: number) => unknown;

export class UpstreamUnavailableError extends Error {}

export interface UpstreamPoll {
  /** Calls `listener` once per history interval with a useful poll; returns the unsubscribe. */
  subscribe: (listener: PollListener) => () => void;
  /** Calls `listener` after every poll, useful or not (the device-offline alarm). */
  onOutcome: (listener: OutcomeListener) => () => void;
  /** The rooms of the last useful poll delivered (once per history interval); null before. */
  latest: () => readonly PolledRoom[] | null;
  /** Polls now (the timer calls it; tests call it directly). Failures are logged, not thrown. */
  poll: () => Promise<void>;
  /**
   * A forwarded read got the device's answer: while the device counted as away, polls now, so
   * that its return (the device-offline alarm cleared) is on record before that answer goes
   * out, and the app that sees the device back does not read the stale alarm.
   */
  answered: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A building's device poll (issue 37): the temps and outs of the Controme server the
     * building is in front of (`app.deviceOf(house).kind === 'proxy'`), for its history, alarms
     * and room values. Only a proxy building's poll runs; another's has no subscriber's news.
     */
    upstreamOf: (house: House) => UpstreamPoll;
  }
}

const TIMEOUT_MS = 10_000;
/** The Basic header of the device account: the poll's and the forwarded reads' alike. */
export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/**
 * How often the device is asked: every history interval, and often enough that a device gone
 * for ALARM_DEVICE_MINUTES is seen within about a third of that (never more than every 2 s).
 */
export function pollPeriodMs(historyIntervalSeconds: number, deviceMinutes: number): number {
  return Math.min(historyIntervalSeconds * 1000, Math.max(2000, (deviceMinutes * 60_000) / 3));
}

/**
 * A building's device account does not open (`account: null`): the sealed account of `building
 * add` under another TOKEN_SECRET. What the log and the 503 say.
 */
export const accountMissing = (house: House) =>
  `The device account of building ${house.id} does not open with this server's TOKEN_SECRET: ` +
  `start the server with the TOKEN_SECRET it was stored under, or run \`building add\` for ` +
  `house ${house.id} again with --upstream-user and --upstream-password.`;

/**
 * A GET of a proxy building's device API with its device account (`path` below
 * `/get/json/v1/{houseId}/`): the poll's and the device programme's one way of asking.
 * UpstreamUnavailableError when the account does not open or the device does not answer.
 */
export async function getFromDevice(
  app: FastifyInstance,
  house: House,
  path: string,
): Promise<Response> {
  const device = app.deviceOf(house);
  if (device.kind !== 'proxy' || !device.account) {
    throw new UpstreamUnavailableError(accountMissing(house));
  }
  const { url, account } = device;
  try {
    return await fetch(`${url}/get/json/v1/${house.id}/${path}`, {
      headers: { authorization: basic(account.user, account.password), accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new UpstreamUnavailableError(`the device does not answer: ${String(error)}`);
  }
}

interface HousePoll extends UpstreamPoll {
  /** Starts the timer (the building's background work). */
  start: () => void;
  /** Stops the timer and waits for a running poll. */
  stop: () => Promise<void>;
}

/**
 * A proxy building's device poll, whoever is signed in: the device's `temps/` and `outs/` with
 * the building's device account (`app.deviceOf(house)`: UPSTREAM_USER / UPSTREAM_PASSWORD for
 * the server's own, `building add --upstream-user …` for another; the one account our server
 * uses on that device) for every service that subscribes (the history and the alarms once per
 * history interval; the device-offline alarm after every poll). Our users never sign in at the
 * device.
 */
function createPoll(app: FastifyInstance, house: House): HousePoll {
  {
    const log = app.log.child({ house: house.id });
    /** The building's device now (a CLI change of its row is followed). */
    const device = () => {
      const found = app.deviceOf(house);
      return found.kind === 'proxy' ? found : null;
    };
    const get = (path: string) => getFromDevice(app, house, path);
    const upstreamOf = () => device()?.url ?? null;
    /**
     * A list of floors the device answered with, read with the contract's reader (issue 33:
     * numbers as text, integer modes, spaced output keys, missing fields come out in our
     * shapes), or the reason it is no useful answer.
     */
    const list = async <T>(path: string, read: (answer: unknown) => T[] | null): Promise<T[]> => {
      const response = await get(path);
      if (!response.ok) {
        throw new UpstreamUnavailableError(`the device answered HTTP ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        throw new UpstreamUnavailableError(`the device's ${path} is no JSON: ${String(error)}`);
      }
      const floors = read(body);
      if (!floors) throw new UpstreamUnavailableError(`the device's ${path} is no list of floors`);
      return floors;
    };

    const intervalMs = app.config.historyIntervalSeconds * 1000;
    const listeners = new Set<PollListener>();
    const outcomeListeners = new Set<OutcomeListener>();
    /** The history interval whose rooms went out already: one delivery per interval. */
    let deliveredSlot = -1;
    /**
     * Tells every listener; a listener that answers a promise (the alarms: their store) is
     * waited for, so what the poll found is on record when the poll settles.
     */
    const tell = async <A extends unknown[]>(
      each: Iterable<(...args: A) => unknown>,
      ...args: A
    ) => {
      const failed = (error: unknown) =>
        log.error({ err: error }, 'a subscriber of the device poll failed');
      const started: Promise<void>[] = [];
      for (const listener of each) {
        try {
          const result = listener(...args);
          if (result instanceof Promise) started.push(result.catch(failed));
        } catch (error) {
          failed(error);
        }
      }
      await Promise.all(started);
    };
    /**
     * Our floors and rooms follow the device's (issue 34): room rights (a floor's rooms), room
     * limits and the audit know the device's rooms by id, as in simulation. A failure is logged
     * and the poll goes on: the rights keep the rooms of the last poll.
     */
    const placeRooms = async (floors: readonly Floor[]) => {
      const building = house.building;
      const places = floors.map((floor) => ({
        id: floor.id,
        name: floor.etagenname,
        rooms: floor.raeume.map((room) => ({ id: room.id, name: room.name })),
      }));
      try {
        // One transaction for every floor and room; only rows that changed are written.
        if (await app.commit((tx) => building.placeDeviceRooms(tx, places))) {
          await building.refresh();
        }
      } catch (error) {
        log.error({ err: error }, "keeping our rooms in step with the device's failed");
      }
    };
    let wasUseful = true;
    let latest: readonly PolledRoom[] | null = null;
    const poll = async () => {
      let useful = false;
      try {
        const [floors, outs] = await Promise.all([
          list('temps/', readFloors),
          // A device without outputs (no relay gateway) still answers: its valves are unknown.
          list('outs/', readOutputs).catch(() => null),
        ]);
        useful = true;
        await placeRooms(floors);
        const at = app.clock.now();
        const slot = Math.floor(at / intervalMs);
        if (slot !== deliveredSlot) {
          deliveredSlot = slot;
          // The contract's rule, the one the web app applies to `outs/` too.
          const valves = outs === null ? null : valvesByRoom(outs);
          const rooms = floors.flatMap((floor) =>
            floor.raeume.map((room) => ({
              ...room,
              floorId: floor.id,
              floorName: floor.etagenname,
              valve: valves?.get(room.id) ?? null,
            })),
          );
          latest = rooms;
          await tell(listeners, rooms, at);
        }
      } catch (error) {
        // Logged once when the device goes, not on every poll while it stays away.
        if (wasUseful)
          log.warn({ err: error, upstream: upstreamOf() }, 'polling the device failed');
      }
      if (useful && !wasUseful) log.info({ upstream: upstreamOf() }, 'the device answers again');
      wasUseful = useful;
      await tell(outcomeListeners, useful, app.clock.now());
    };
    /** The poll running now: a second caller waits for it rather than polling twice at once. */
    let running: Promise<void> | null = null;
    const pollOnce = () =>
      (running ??= poll().finally(() => {
        running = null;
      }));
    // One poll at each period's start (08:00:00, 08:01:00 …), never two at once.
    const periodMs = pollPeriodMs(
      app.config.historyIntervalSeconds,
      app.config.alarms.deviceMinutes,
    );
    let timer: NodeJS.Timeout | null = null;
    let closed = true;
    const schedule = () => {
      if (closed) return;
      const now = app.clock.now();
      timer = setTimeout(
        () => {
          void pollOnce().finally(schedule);
        },
        periodMs - (now % periodMs) || periodMs,
      );
      timer.unref();
    };
    return {
      subscribe: (listener: PollListener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      onOutcome: (listener: OutcomeListener) => {
        outcomeListeners.add(listener);
        return () => outcomeListeners.delete(listener);
      },
      latest: () => latest,
      poll: pollOnce,
      answered: () => (wasUseful ? Promise.resolve() : pollOnce()),
      start() {
        closed = false;
        wasUseful = true;
        // A building added without rooms (`building add --upstream-url`) takes its device's at
        // once, not at the next period's start (up to a minute in which it counted no rooms and
        // its rooms' history and changes were "no such room").
        if (house.building.listRooms().length === 0) void pollOnce().finally(schedule);
        else schedule();
      },
      async stop() {
        closed = true;
        if (timer) clearTimeout(timer);
        timer = null;
        await running;
      },
    };
  }
}

/**
 * The device polls of the proxy buildings (issue 37): one per building in front of a Controme
 * server (`app.upstreamOf(house)`), its timer that building's background work, so a building
 * added by the CLI is polled within seconds and a removed one no more.
 */
export default fp(
  async (app) => {
    const polls = perHouse((house) => createPoll(app, house));
    app.decorate('upstreamOf', (house: House): UpstreamPoll => polls(house));
    const running = new Set<HousePoll>();
    app.houses.each((house) => {
      const device = app.deviceOf(house);
      if (device.kind !== 'proxy') return;
      if (!device.account) {
        // Said once, at the start (or when the building comes): its device requests answer 503.
        app.log.error({ house: house.id, upstream: device.url }, accountMissing(house));
        return;
      }
      const poll = polls(house);
      // Background work of the building (platform/background): the device is polled (and the
      // history and alarms fed) only by the node that holds the building's lease.
      const remove = app.background.add(house.id, {
        name: 'device poll',
        start() {
          running.add(poll);
          poll.start();
        },
        async stop() {
          running.delete(poll);
          await poll.stop();
        },
      });
      return async () => {
        await remove();
        await poll.stop();
      };
    });
    app.addHook('preClose', async () => {
      // The timers end now; a poll under way is not waited for (its fetch has its timeout).
      for (const poll of running) void poll.stop();
    });
  },
  { name: 'upstream', dependencies: ['clock', 'building', 'background'] },
);
