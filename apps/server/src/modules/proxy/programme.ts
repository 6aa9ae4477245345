import { readProgramme, type ProgrammePoint } from '@raumregler/contract';
import fp from 'fastify-plugin';
import { perHouse, type House } from '../building/index.js';
import { getFromDevice, UpstreamUnavailableError } from './upstream.js';

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
    /** A proxy building's device programme (issue 37: each building its own device). */
    deviceProgrammeOf: (house: House) => DeviceProgramme;
  }
}

/**
 * The device's own programme (issue 33): a real Controme keeps its switch points itself and
 * lists them at `GET /get/json/v1/{houseId}/heizprogramm/`. Read like the poll, with the
 * building's device account (`app.deviceOf(house)`), and read through the contract's tolerant
 * `readProgramme`, so our answer has one shape whatever the device gives.
 */
export default fp(
  async (app) => {
    const make = (house: House): DeviceProgramme => {
      const read = async (): Promise<ProgrammePoint[]> => {
        const response = await getFromDevice(app, house, 'heizprogramm/');
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
      app.upstreamOf(house).subscribe((polled) => {
        rooms = new Set(polled.map((room) => room.id));
      });
      return { read, hasRoom: (roomId: number) => (rooms ? rooms.has(roomId) : null) };
    };
    const programmes = perHouse(make);
    app.decorate('deviceProgrammeOf', programmes);
    // A proxy building's programme follows its polls from the start (hasRoom).
    app.houses.each((house) => {
      if (app.deviceOf(house).kind === 'proxy') programmes(house);
    });
  },
  { name: 'device-programme', dependencies: ['upstream'] },
);
