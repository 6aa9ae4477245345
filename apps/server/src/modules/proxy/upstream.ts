import type { Floor, Permissions, Room } from '@raumregler/contract';
import fp from 'fastify-plugin';

/** A room of the device's `temps` answer, with its floor. */
export interface PolledRoom extends Room {
  floorId: number;
  floorName: string;
}

/** Called with every successful poll of the device: its rooms, and the instant (epoch ms). */
export type PollListener = (rooms: readonly PolledRoom[], at: number) => void;

export class UpstreamUnavailableError extends Error {}

export interface UpstreamClient {
  /**
   * The device's `permissions/` for these credentials: null when the device refuses them
   * (401); throws UpstreamUnavailableError when it does not answer usefully.
   */
  permissions: (username: string, password: string) => Promise<Permissions | null>;
}

export interface UpstreamPoll {
  /** Calls `listener` after each poll of the device's temps; returns the unsubscribe. */
  subscribe: (listener: PollListener) => () => void;
  /** Polls now (the timer calls it; tests call it directly). Failures are logged, not thrown. */
  poll: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Proxy mode only: the real device behind UPSTREAM_URL. */
    upstream: UpstreamClient;
    /** Proxy mode only: the device's temps every HISTORY_INTERVAL_SECONDS, for history and alarms. */
    upstreamPoll: UpstreamPoll;
  }
}

const TIMEOUT_MS = 10_000;
const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/**
 * The device client of proxy mode (UPSTREAM_URL): asks the device's `permissions/` for a
 * caller's credentials (our own endpoints' sign-in, plugins/upstream-auth.ts), and polls its
 * `temps/` every HISTORY_INTERVAL_SECONDS with UPSTREAM_USER / UPSTREAM_PASSWORD (a read-only
 * account on the device) for every service that subscribes (the history; the alarms).
 */
export default fp<{ url: string; houseId: number; user: string | null; password: string | null }>(
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

    app.decorate('upstream', {
      permissions: async (username: string, secret: string) => {
        const response = await get('permissions/', basic(username, secret));
        if (response.status === 401) return null;
        // A device that refuses the building outright: no access in either area.
        if (response.status === 403) {
          return { access_to_smart: 'no-access', access_to_pro: 'no-access' };
        }
        if (!response.ok) {
          throw new UpstreamUnavailableError(`the device answered HTTP ${response.status}`);
        }
        return (await response.json()) as Permissions;
      },
    } satisfies UpstreamClient);

    const listeners = new Set<PollListener>();
    const poll = async () => {
      if (user === null || password === null) return;
      try {
        const response = await get('temps/', basic(user, password));
        if (!response.ok) {
          throw new UpstreamUnavailableError(`the device answered HTTP ${response.status}`);
        }
        const floors = (await response.json()) as Floor[];
        const at = app.clock.now();
        const rooms = floors.flatMap((floor) =>
          floor.raeume.map((room) => ({ ...room, floorId: floor.id, floorName: floor.etagenname })),
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

    if (user === null || password === null) {
      app.log.warn('UPSTREAM_USER/UPSTREAM_PASSWORD not set: the device is not polled, no history');
      return;
    }
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
