import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/error-handler.js';
import { followOtherNodes } from './changes.js';
import { deviceOf, type HouseDevice } from './device.js';
import housePlugin, { perHouse } from './house-param.js';
import { openHouses, type House, type Houses } from './houses.js';
import roomCommandsService from './room-commands-service.js';
import roomAccessPlugin from './room-access.js';
import readRoutes from './routes/reads.js';
import unknownHouseRoutes from './routes/unknown-house.js';
import writeRoutes from './routes/writes.js';
import simulationService from './simulation-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * DEVICE_PROFILE=controme: the rooms whose mode was written through the device API since the
     * start (whether the write was `on`), which answer `betriebsart` as an integer (controme.ts).
     * In memory: a restart forgets them, as saving the device's mode page does.
     */
    modeWritesOf: (house: House) => Map<number, boolean>;
    /** The buildings of the database (issue 37), each with its repositories. */
    houses: Houses;
    /** Where the building's heating is: simulated, a Controme server, or zigbee2mqtt (device.ts). */
    deviceOf: (house: House) => HouseDevice;
  }
}

export type { Floor, Room } from './building.js';
export type { House, Houses } from './houses.js';
export {
  DEVICE_ACCOUNT_PURPOSE,
  drivesBuilding,
  type DeviceAccount,
  type HouseDevice,
} from './device.js';
export { hostLabelOf, perHouse } from './house-param.js';
export { ABSENCE_LIST_PAST_DAYS, absenceState, parseAbsence, type Absence } from './absences.js';
export type { AbsenceRepository } from './absences-repository.js';
export { EXTERNAL_CHECK_MS, houseExists } from './houses.js';
export {
  createBuildingRepository,
  type BuildingRepository,
  type DeviceFloorPlace,
} from './repository.js';
export type { Commit } from './room-commands-service.js';
export { BUILDING_TOPIC } from './changes.js';
export { UnknownRoomError } from './room-commands.js';
export { existingRoom, roomFromParams } from './room-param.js';
export { outsideScope, type RoomAccess, type UserRooms } from './room-access.js';
export { default as roomLimitsRoutes } from './routes/limits.js';
export { CATCH_ALL_DOCS, DEVICE_READ_DOCS, DEVICE_WRITE_DOCS } from './routes/device-docs.js';
export { acceptsGzip } from './routes/answer-cache.js';
export { limitsRefusal } from './routes/writes.js';
export { targetInForce } from './room-view.js';
export {
  parseWeek,
  pointsOfWeek,
  sameWeek,
  scheduleAt,
  unrollSchedule,
  weekOf,
  type Occurrence,
} from './schedule.js';
export { parseSeed, SeedError, type Seed, type SeedFloor, type SeedSwitchPoint } from './seed.js';
export { importSeed } from './seed-import.js';
export {
  BUILDING_OPTIONS,
  DEMO_SEED_FILE,
  houseIdOption,
  loadBuilding,
  runBuildingCommand,
  runBuildingsCommand,
  ROOM_OPTIONS,
} from './cli.js';
export {
  createRoomDevicesRepository,
  deviceListProblem,
  deviceNameProblem,
  DEVICE_NAME_MAX,
  ROOM_DEVICES_MAX,
  type RoomDevicesRepository,
} from './room-devices.js';
export {
  advanceRoom,
  outdoorTemperature,
  simulatedOutputs,
  simulatedValve,
  type SimInput,
} from './simulation.js';
export type { SimulatedRoomState } from './simulation-service.js';
export { buildingViews, contextNow } from './views.js';

/**
 * The device API over the buildings: reads and writes of every house id, each building's own
 * (`request.house`, from the path's `{houseId}`; an unknown one answers 404). One registration
 * of the paths for every kind of building: a request of a building in front of a Controme
 * server (`app.deviceOf(house).kind === 'proxy'`) is answered by `forward` (modules/proxy),
 * before any check of ours; the others by our rooms.
 */
export const deviceApiRoutes: FastifyPluginAsync<{
  forward: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}> = async (app, { forward }) => {
  // Dot segments would let a URL parser climb out of the device API (a forwarded request's
  // to any device path): refused for every building, before anything else.
  // A callback hook, and the regex only for a path with a dot or an escape: polled reads pass
  // at the cost of two indexOf.
  app.addHook('onRequest', (request, _reply, done) => {
    const { url } = request;
    const end = url.indexOf('?');
    const path = end === -1 ? url : url.slice(0, end);
    if ((path.includes('.') || path.includes('%')) && /(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path)) {
      done(new HttpError(400, 'bad_request', 'The path must not contain dot segments.'));
      return;
    }
    done();
  });
  // A parent's hook runs before the routes' own preHandlers (after the form bodies are read).
  // A callback hook: a simulated building's polled read passes in the same tick, no promise.
  app.addHook('preHandler', (request, reply, done) => {
    let house: House;
    try {
      house = request.house;
    } catch {
      // An unknown building: the routes' own checks answer as for every building.
      done();
      return;
    }
    if (app.deviceOf(house).kind !== 'proxy') {
      done();
      return;
    }
    // The forwarder sends the answer; a refusal goes to the error handler.
    forward(request, reply).catch((error: unknown) => done(error as Error));
  });
  await app.register(readRoutes, { prefix: '/get/json/v1/:houseId' });
  await app.register(writeRoutes, { prefix: '/set/json/v1/:houseId' });
  await app.register(unknownHouseRoutes);
};

/**
 * The building: its floors, rooms, weekly programmes and absences (the repositories), the
 * room commands every change goes through, and the simulation that moves its temperatures
 * (`simulate: false` in proxy mode, where the real device is the building).
 */
export default fp<{ speed: number; simulate: boolean }>(
  async (app, { speed, simulate }) => {
    // Every polled answer reads a building's snapshot: each is read once before the server
    // answers.
    const houses = await openHouses({
      sql: app.sql,
      engine: app.engine,
      now: app.clock.now,
      defaultId: app.config.houseId,
      announce: app.changes.announce,
    });
    app.decorate('houses', houses);
    app.addHook('onClose', async () => {
      await houses.close();
    });
    // Opened once per stored device (the sealed account is opened on the first ask).
    // Asked on every device API request: the row's three fields compared, nothing made.
    const devices = new WeakMap<
      House,
      { place: ReturnType<House['building']['place']>; device: HouseDevice }
    >();
    app.decorate('deviceOf', (house: House) => {
      const place = house.building.place();
      const known = devices.get(house);
      if (
        known &&
        (known.place === place ||
          (known.place.upstreamUrl === place.upstreamUrl &&
            known.place.upstreamAccount === place.upstreamAccount &&
            known.place.z2mBaseTopic === place.z2mBaseTopic))
      ) {
        return known.device;
      }
      const device = deviceOf(app.config, () => app.tokenKey, house);
      devices.set(house, { place, device });
      return device;
    });
    // A room's devices change what MQTT mode sends and shows: the building's version moves.
    app.decorate(
      'modeWritesOf',
      perHouse(() => new Map<number, boolean>()),
    );
    if (app.engine === 'postgres') {
      // Other nodes' commits (PostgreSQL's change feed): the snapshots follow within a second.
      const stop = followOtherNodes(app.changes, houses, (error) =>
        app.log.error({ err: error }, 'reading a building again failed'),
      );
      app.addHook('onClose', async () => stop());
    }
    await app.register(housePlugin);
    await app.register(roomCommandsService);
    await app.register(roomAccessPlugin);
    await app.register(simulationService, { speed, simulate });
  },
  { name: 'building', dependencies: ['database', 'clock', 'auth', 'audit'] },
);
