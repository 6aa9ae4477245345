import type {
  DeviceInfo,
  Floor,
  FloorOutputs,
  FloorRooms,
  Permissions,
  Room,
} from '@raumregler/contract';
import {
  DeviceInfoSchema,
  FloorListSchema,
  FloorOutputsListSchema,
  FloorRoomsListSchema,
  PermissionsSchema,
  RoomListSchema,
} from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';
import type { UserRecord } from '../../db/repositories/users.js';
import type { Floor as BuildingFloor, Room as BuildingRoom } from '../../domain/building.js';
import { permissionsOf, userCan } from '../../domain/permissions.js';
import { toWireRoom } from '../../domain/room-view.js';
import { answerHeaders, type FastRead } from '../../plugins/fast-reads.js';
import { answerPerUser } from '../per-user-answer.js';
import { deviceAccess } from '../device-access.js';
import { existingRoom, roomFromParams } from '../room-param.js';
import { createAnswerCache } from './answer-cache.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Groups rooms (already in display order) under their floors, in one pass over each. */
function byFloor<T>(
  floors: BuildingFloor[],
  rooms: BuildingRoom[],
  shape: (row: BuildingRoom) => T,
) {
  const roomsByFloor = new Map<number, T[]>();
  for (const row of rooms) {
    let list = roomsByFloor.get(row.floorId);
    if (!list) roomsByFloor.set(row.floorId, (list = []));
    list.push(shape(row));
  }
  return floors.map((floor) => ({
    id: floor.id,
    etagenname: floor.name,
    raeume: roomsByFloor.get(floor.id) ?? [],
  }));
}

/** The device API's reads: `GET /get/json/v1/{houseId}/{method}/`. */
const getRoutes: FastifyPluginAsync = async (app) => {
  // Who may read what: the same preHandlers as proxy mode's (routes/device-access.ts).
  const { signIn, read: readAccess } = deviceAccess(app);
  const building = app.repos.building;
  // The polled lists: compressed once per rendering by their answer cache, never by
  // @fastify/compress; a GET has no body to decompress (that hook would run on every poll).
  // Their handlers are plain functions: an async one costs a promise per poll.
  const polled = { preHandler: readAccess, compress: false, decompress: false } as const;
  // The fast lane of the same answers (plugins/fast-reads.ts): a cached sign-in that may read.
  // Anything else (no or new credentials, ANONYMOUS_READ without them, 403) goes through the
  // route above. `signIn` (info) asks for no capability, `readAccess` for read unless anonymous.
  const readsFast = (user: UserRecord | null) =>
    user !== null && (app.config.anonymousRead || userCan(user, 'read'));
  const fastLane =
    (answer: ReturnType<typeof createAnswerCache>): FastRead =>
    (request, response) =>
      readsFast(app.signedIn(request.headers.authorization)) &&
      answer.sendRaw(request, response, building.version(), app.clock.now());
  const prefix = app.prefix;

  // The device info changes only with the building's name (a seed import): serialized once per
  // second and data version, like the lists, instead of a settings query on every poll.
  const info = (): DeviceInfo => ({
    hw: 'Raumregler Mini-Server (simulated)',
    'sw-date': '2026-11-21',
    branch: 'main',
    os: `node ${process.version}`,
    fbi: '1',
    'app-compatibility': true,
    name: app.repos.settings.get('building_name') ?? 'Raumregler',
    house_id: app.config.houseId,
    mac: 'localhost',
  });
  let infoSecond = -1;
  let infoVersion = '';
  let infoBody = '';
  let infoHeaders: string[] | null = null;
  app.get(
    '/info',
    {
      preHandler: signIn,
      schema: { response: { 200: DeviceInfoSchema } },
      compress: false,
      decompress: false,
    },
    (_request, reply) => {
      const second = Math.floor(app.clock.now() / 1000);
      const version = building.version();
      if (second !== infoSecond || version !== infoVersion) {
        infoBody = reply.serialize(info()) as string;
        infoSecond = second;
        infoVersion = version;
        infoHeaders = null;
      }
      reply.type(JSON_TYPE).send(infoBody);
    },
  );
  app.fastReads.add(`${prefix}/info`, (request, response) => {
    if (app.signedIn(request.headers.authorization) === null) return false;
    if (Math.floor(app.clock.now() / 1000) !== infoSecond) return false;
    if (building.version() !== infoVersion) return false;
    infoHeaders ??= answerHeaders({ 'content-type': JSON_TYPE }, infoBody);
    response.writeHead(200, infoHeaders);
    response.end(infoBody);
    return true;
  });

  const permissions = answerPerUser((user) => permissionsOf(user) satisfies Permissions);
  app.get(
    '/permissions',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: PermissionsSchema } },
      compress: false,
      decompress: false,
    },
    permissions,
  );
  app.fastReads.add(`${prefix}/permissions`, (request, response) => {
    const user = app.signedIn(request.headers.authorization);
    return user !== null && permissions.sendRaw(response, user);
  });

  const temps = createAnswerCache((): Floor[] => {
    const context = app.clock.context();
    const scheduleOf = building.schedules();
    const absencesOf = app.repos.absences.byRoom();
    return byFloor(building.listFloors(), building.listRooms(), (row) =>
      toWireRoom(row, scheduleOf(row.id), context, absencesOf(row.id)),
    );
  });
  app.get(
    '/temps',
    { ...polled, schema: { response: { 200: FloorListSchema } } },
    (request, reply) => {
      temps(request, reply, building.version(), app.clock.now());
    },
  );
  app.fastReads.add(`${prefix}/temps`, fastLane(temps));

  // One answer cache per room that is asked for: a tool watching one room polls it as others
  // poll the list. Filled only for ids that name a room, so at most one entry per room and
  // spelling of its id ("7", "07", …: nine at the most).
  const roomAnswers = new Map<string, ReturnType<typeof createAnswerCache>>();
  const roomAnswer = (roomId: number) =>
    createAnswerCache((): Room[] => {
      const row = existingRoom(app, roomId);
      return [
        toWireRoom(
          row,
          building.scheduleOf(roomId),
          app.clock.context(),
          app.repos.absences.byRoom()(roomId),
        ),
      ];
    });
  app.get(
    '/temps/:roomId',
    { ...polled, schema: { response: { 200: RoomListSchema } } },
    (request, reply) => {
      const raw = (request.params as { roomId?: string }).roomId ?? '';
      let answer = roomAnswers.get(raw);
      if (!answer) {
        answer = roomAnswer(roomFromParams(app, request.params).id);
        roomAnswers.set(raw, answer);
        app.fastReads.add(`${prefix}/temps/${raw}`, fastLane(answer));
      }
      answer(request, reply, building.version(), app.clock.now());
    },
  );

  const rooms = createAnswerCache((): FloorRooms[] =>
    byFloor(building.listFloors(), building.listRooms(), (row) => ({
      id: row.id,
      name: row.name,
    })),
  );
  app.get(
    '/rooms',
    { ...polled, schema: { response: { 200: FloorRoomsListSchema } } },
    (request, reply) => {
      rooms(request, reply, building.version(), app.clock.now());
    },
  );
  app.fastReads.add(`${prefix}/rooms`, fastLane(rooms));

  const outs = createAnswerCache((): FloorOutputs[] =>
    // One simulated valve per room, on output 1.
    byFloor(building.listFloors(), building.listRooms(), (row) => ({
      id: row.id,
      name: row.name,
      ausgang: { '1': row.valveOpen ? 1 : 0 },
    })),
  );
  app.get(
    '/outs',
    { ...polled, schema: { response: { 200: FloorOutputsListSchema } } },
    (request, reply) => {
      outs(request, reply, building.version(), app.clock.now());
    },
  );
  app.fastReads.add(`${prefix}/outs`, fastLane(outs));
};

export default getRoutes;
