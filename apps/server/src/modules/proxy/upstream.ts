import type { Floor, Room } from '@raumregler/contract';
import fp from 'fastify-plugin';
import { readUpstreamValves } from './upstream-valves.js';

/** A room of the device's `temps` answer, with its floor and its valve from `outs`. */
export interface PolledRoom extends Room {
  floorId: number;
  floorName: string;
  /** Valve opening in percent (`valvePercent` of its outputs); null when not known. */
  valve: number | null;
}

/** Called with every successful poll of the device: its rooms, and the instant (epoch ms). */
export type PollListener = (rooms: readonly PolledRoom[], at: number) => void;

export class UpstreamUnavailableError extends Error {}

export interface UpstreamPoll {
  /** Calls `listener` after each poll of the device's temps; returns the unsubscribe. */
  subscribe: (listener: PollListener) => () => void;
  /** Polls now (the timer calls it; tests call it directly). Failures are logged, not thrown. */
  poll: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Proxy mode only: the device's temps every HISTORY_INTERVAL_SECONDS, for history and alarms. */
    upstreamPoll: UpstreamPoll;
  }
}

const TIMEOUT_MS = 10_000;
/** The Basic header of the device account: the poll's and the forwarded reads' alike. */
export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/**
 * The device poll of proxy mode (UPSTREAM_URL): the device's `temps/` and `outs/` every
 * HISTORY_INTERVAL_SECONDS with the device account (UPSTREAM_USER / UPSTREAM_PASSWORD, the one
 * account our server uses on the device) for every service that subscribes (the history; the
 * alarms). Our users never sign in at the device.
 */
export default fp<{ url: string; houseId: number; user: string; password: string }>(
  async (app, { url, houseId, user, password }) => {
    const base = `${url}/get/json/v1/${houseId}`;
    const get = async (path: string, authorization: string) => {
      try {
        return await fetch(`${base}/${path}`, {
          headers: { authorization, accept: 'application/json' },
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new UpstreamUnavailableError(`the device does not answer: ${String(error)}`);
      }
    };

    const listeners = new Set<PollListener>();
    const poll = async () => {
      try {
        const [response, valves] = await Promise.all([
          get('temps/', basic(user, password)),
          readUpstreamValves(() => get('outs/', basic(user, password))),
        ]);
        if (!response.ok) {
          throw new UpstreamUnavailableError(`the device answered HTTP ${response.status}`);
        }
        const floors = (await response.json()) as Floor[];
        const at = app.clock.now();
        const rooms = floors.flatMap((floor) =>
          floor.raeume.map((room) => ({
            ...room,
            floorId: floor.id,
            floorName: floor.etagenname,
            valve: valves?.get(room.id) ?? null,
          })),
        );
        for (const listener of listeners) {
          try {
            listener(rooms, at);
          } catch (error) {
            app.log.error({ err: error }, 'a subscriber of the device poll failed');
          }
        }
      } catch (error) {
        app.log.warn({ err: error, upstream: url }, 'polling the device failed');
      }
    };
    app.decorate('upstreamPoll', {
      subscribe: (listener: PollListener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      poll,
    } satisfies UpstreamPoll);

    // One poll at each interval's start (08:00:00, 08:01:00 …), never two at once.
    const intervalMs = app.config.historyIntervalSeconds * 1000;
    let timer: NodeJS.Timeout | null = null;
    let closed = false;
    const schedule = () => {
      if (closed) return;
      const now = app.clock.now();
      timer = setTimeout(
        () => {
          void poll().finally(schedule);
        },
        intervalMs - (now % intervalMs) || intervalMs,
      );
      timer.unref();
    };
    app.addHook('onReady', async () => schedule());
    app.addHook('preClose', async () => {
      closed = true;
      if (timer) clearTimeout(timer);
    });
  },
  { name: 'upstream', dependencies: ['clock'] },
);
