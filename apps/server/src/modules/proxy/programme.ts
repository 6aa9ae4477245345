import { readProgramme, type ProgrammePoint } from '@raumregler/contract';
import fp from 'fastify-plugin';
import { UpstreamUnavailableError, basic } from './upstream.js';

const TIMEOUT_MS = 10_000;

/** Proxy mode only: the device's own programme, for `GET /api/schedules/{roomId}/`. */
export interface DeviceProgramme {
  /**
   * The switch points of the device's `heizprogramm/`, read with the device account; `{}` (the
   * module off) is none. UpstreamUnavailableError when the device does not answer, answers
   * other than 2xx, or with no JSON.
   */
  read: () => Promise<ProgrammePoint[]>;
  /**
   * Whether the device has this room, from the rooms of its last useful poll (once per history
   * interval); null while no poll has told (just after the start).
   */
  hasRoom: (roomId: number) => boolean | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deviceProgramme: DeviceProgramme;
  }
}

/**
 * The device's own programme (issue 33): a real Controme keeps its switch points itself and
 * lists them at `GET /get/json/v1/{houseId}/heizprogramm/`. Read like the poll, with the one
 * device account (UPSTREAM_USER / UPSTREAM_PASSWORD), and read through the contract's tolerant
 * `readProgramme`, so our answer has one shape whatever the device gives.
 */
export default fp<{ url: string; houseId: number; user: string; password: string }>(
  async (app, { url, houseId, user, password }) => {
    const authorization = basic(user, password);
    const read = async (): Promise<ProgrammePoint[]> => {
      let response: Response;
      try {
        response = await fetch(`${url}/get/json/v1/${houseId}/heizprogramm/`, {
          headers: { authorization, accept: 'application/json' },
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new UpstreamUnavailableError(`the device does not answer: ${String(error)}`);
      }
      if (!response.ok) {
        throw new UpstreamUnavailableError(
          `the device answered HTTP ${response.status} to heizprogramm/`,
        );
      }
      try {
        return readProgramme(await response.json());
      } catch (error) {
        throw new UpstreamUnavailableError(
          `the device's heizprogramm/ is no JSON: ${String(error)}`,
        );
      }
    };

    let rooms: Set<number> | null = null;
    app.upstreamPoll.subscribe((polled) => {
      rooms = new Set(polled.map((room) => room.id));
    });
    app.decorate('deviceProgramme', {
      read,
      hasRoom: (roomId: number) => (rooms ? rooms.has(roomId) : null),
    } satisfies DeviceProgramme);
  },
  { name: 'device-programme', dependencies: ['upstream'] },
);
