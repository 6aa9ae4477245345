import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { createAbsenceRepository, type AbsenceRepository } from './absences-repository.js';
import { buildingCommit, followOtherNodes } from './changes.js';
import { createBuildingRepository, type BuildingRepository } from './repository.js';
import type { Commit } from '../../platform/database/group-commit.js';
import roomCommandsService from './room-commands-service.js';
import { createRoomDevicesRepository, type RoomDevicesRepository } from './room-devices.js';
import roomAccessPlugin from './room-access.js';
import readRoutes from './routes/reads.js';
import unknownHouseRoutes from './routes/unknown-house.js';
import writeRoutes from './routes/writes.js';
import simulationService from './simulation-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The commit of a write that changes the building (rooms, programmes, absences, devices):
     * `app.commit` that also tells the other nodes, inside the commit (changes.ts).
     */
    commitBuilding: Commit;
    /**
     * DEVICE_PROFILE=controme: the rooms whose mode was written through the device API since the
     * start (whether the write was `on`), which answer `betriebsart` as an integer (controme.ts).
     * In memory: a restart forgets them, as saving the device's mode page does.
     */
    modeWrites: Map<number, boolean>;
  }
}

declare module '../../platform/database/plugin.js' {
  interface Repositories {
    building: BuildingRepository;
    absences: AbsenceRepository;
    /** The rooms' zigbee2mqtt devices (issue 36). */
    roomDevices: RoomDevicesRepository;
  }
}

export type { Floor, Room } from './building.js';
export { ABSENCE_LIST_PAST_DAYS, absenceState, parseAbsence, type Absence } from './absences.js';
export type { AbsenceRepository } from './absences-repository.js';
export {
  createBuildingRepository,
  EXTERNAL_CHECK_MS,
  type BuildingRepository,
  type DeviceFloorPlace,
} from './repository.js';
export type { Commit } from './room-commands-service.js';
export { announcerOf, buildingCommit, BUILDING_TOPIC } from './changes.js';
export { UnknownRoomError } from './room-commands.js';
export { existingRoom, roomFromParams } from './room-param.js';
export { outsideScope, type RoomAccess, type UserRooms } from './room-access.js';
export { default as roomLimitsRoutes } from './routes/limits.js';
export { CATCH_ALL_DOCS, DEVICE_READ_DOCS, DEVICE_WRITE_DOCS } from './routes/device-docs.js';
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
export { loadBuilding, runBuildingCommand, ROOM_OPTIONS } from './cli.js';
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

/** The device API over the simulated building: reads and writes of one house id. */
export const deviceApiRoutes: FastifyPluginAsync<{ houseId: number }> = async (
  app,
  { houseId },
) => {
  await app.register(readRoutes, { prefix: `/get/json/v1/${houseId}` });
  await app.register(writeRoutes, { prefix: `/set/json/v1/${houseId}` });
  await app.register(unknownHouseRoutes, { houseId });
};

/**
 * The building: its floors, rooms, weekly programmes and absences (the repositories), the
 * room commands every change goes through, and the simulation that moves its temperatures
 * (`simulate: false` in proxy mode, where the real device is the building).
 */
export default fp<{ speed: number; simulate: boolean }>(
  async (app, { speed, simulate }) => {
    const building = createBuildingRepository(app.sql, app.engine, app.clock.now);
    // Every polled answer reads the snapshot: read it once before the server answers.
    await building.refresh();
    app.addHook('onClose', async () => building.close());
    app.repos.building = building;
    app.repos.absences = createAbsenceRepository(app.sql, app.clock.now, building);
    // A room's devices change what MQTT mode sends and shows: the building's version moves.
    app.repos.roomDevices = createRoomDevicesRepository(building);
    app.decorate('modeWrites', new Map<number, boolean>());
    const houseId = app.config.houseId;
    app.decorate('commitBuilding', buildingCommit(app.commit, app.changes.announce, houseId));
    if (app.engine === 'postgres') {
      // Other nodes' commits (PostgreSQL's change feed): the snapshot follows within a second.
      const stop = followOtherNodes(app.changes, houseId, building, (error) =>
        app.log.error({ err: error }, 'reading the building again failed'),
      );
      app.addHook('onClose', async () => stop());
    }
    await app.register(roomCommandsService);
    await app.register(roomAccessPlugin);
    await app.register(simulationService, { speed, timer: simulate });
  },
  { name: 'building', dependencies: ['database', 'clock', 'auth', 'audit'] },
);
