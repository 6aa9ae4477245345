import type { DeviceInfo, Permissions, Room } from '@raumregler/contract';
import {
  DeviceInfoSchema,
  FloorListSchema,
  FloorOutputsListSchema,
  FloorRoomsListSchema,
  PermissionsSchema,
  RoomListSchema,
} from '@raumregler/contract/schemas';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRooms } from '../room-access.js';
import { permissionsOf } from '../../../platform/auth/permissions.js';
import { buildingViews } from '../views.js';
import { deviceAccess } from '../../../platform/auth/device-access.js';
import { perHouse } from '../house-param.js';
import type { House } from '../houses.js';
import { existingRoom, roomFromParams } from '../room-param.js';
import { createAnswerCache } from './answer-cache.js';
import { contromeViews } from '../controme-views.js';
import { DEVICE_READ_DOCS as docs } from './device-docs.js';

/**
 * The device API's reads: `GET /get/json/v1/{houseId}/{method}/`. With DEVICE_PROFILE=controme
 * the device's shapes (contromeRoutes below) instead of the contract's.
 */
const getRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.deviceProfile === 'controme') return contromeRoutes(app);
  // Who may read what: the same preHandlers as proxy mode's (platform/auth/device-access.ts).
  const { signIn, signedIn, read: readAccess } = deviceAccess(app);
  // The polled lists: rendered once per second and data version by their answer cache, which
  // compresses them itself, never @fastify/compress; a GET has no body to decompress.
  const polled = { preHandler: readAccess, compress: false, decompress: false } as const;

  app.get(
    '/info',
    {
      preHandler: signIn,
      config: { docs: docs.info },
      schema: { response: { 200: DeviceInfoSchema } },
    },
    (request): Promise<DeviceInfo> => deviceInfo(request.house),
  );

  app.get(
    '/permissions',
    {
      preHandler: signedIn,
      config: { docs: docs.permissions },
      schema: { response: { 200: PermissionsSchema } },
    },
    (request): Permissions => permissionsOf(request.user!, app.today()),
  );

  const access = app.roomAccess;
  /** Each building's answers (`request.house`), each with its own caches and ETags. */
  const answersOf = perHouse((house) => {
    const { cached, roomAnswer } = houseAnswers(app, house);
    const views = buildingViews(app, house);
    /**
     * A polled list per scope (issue 34): the whole building's one cache serves every
     * whole-building user as before, and each scope gets its own, with its own ETags, so that
     * a 304 never confirms another scope's list.
     */
    const perScope = <T>(render: (only: UserRooms) => T) => {
      const caches = new Map<string, ReturnType<typeof cached>>();
      return (request: FastifyRequest, reply: FastifyReply) => {
        const only = access.rooms(request);
        let answer = caches.get(only.key);
        if (!answer) {
          // Worked out again on each rendering: the scope's rooms follow the building's version.
          const scope = request.user && { floors: request.user.floors, rooms: request.user.rooms };
          answer = cached(() => render(access.roomsOf(house, scope)));
          caches.set(only.key, answer);
        }
        answer(request, reply);
      };
    };
    return {
      temps: perScope(views.temps),
      room: roomAnswer((roomId): Room[] => [views.room(existingRoom(house, roomId))]),
      rooms: perScope(views.rooms),
      outs: perScope(views.outs),
      heizprogramm: cached(views.heizprogramm),
    };
  });

  app.get(
    '/temps',
    { ...polled, config: { docs: docs.temps }, schema: { response: { 200: FloorListSchema } } },
    (request, reply) => answersOf(request.house).temps(request, reply),
  );

  app.get(
    '/temps/:roomId',
    { ...polled, config: { docs: docs.room }, schema: { response: { 200: RoomListSchema } } },
    (request, reply) => {
      const roomId = roomFromParams(request).id;
      // An existing room outside the user's scope: 403 (an unknown one was a 404 above). With
      // ANONYMOUS_READ everyone may read every room without credentials, so a signed-in user
      // may too (their lists still show their scope).
      if (!app.config.anonymousRead) access.require(request, 'read', roomId);
      answersOf(request.house).room(roomId)(request, reply);
    },
  );

  app.get(
    '/rooms',
    {
      ...polled,
      config: { docs: docs.rooms },
      schema: { response: { 200: FloorRoomsListSchema } },
    },
    (request, reply) => answersOf(request.house).rooms(request, reply),
  );

  app.get(
    '/outs',
    {
      ...polled,
      config: { docs: docs.outs },
      schema: { response: { 200: FloorOutputsListSchema } },
    },
    (request, reply) => answersOf(request.house).outs(request, reply),
  );

  // A JSON array of switch points, or `{}`: no response schema, one JSON.stringify per second.
  app.get('/heizprogramm', { ...polled, config: { docs: docs.heizprogramm } }, (request, reply) =>
    answersOf(request.house).heizprogramm(request, reply),
  );
};

/**
 * A building's answer caches: each keyed by its data version and second, and one per room that is
 * asked for (a tool watching one room polls it as others poll the list; made only for ids that
 * name a room).
 */
function houseAnswers(app: FastifyInstance, house: House) {
  const cached = <T>(render: () => T) =>
    createAnswerCache(render, {
      version: () => house.building.version(),
      now: () => app.clock.now(),
    });
  const roomAnswer = <T>(render: (roomId: number) => T) => {
    const answers = new Map<number, ReturnType<typeof cached>>();
    return (roomId: number) => {
      let answer = answers.get(roomId);
      if (!answer) {
        answer = cached(() => render(roomId));
        answers.set(roomId, answer);
      }
      return answer;
    };
  };
  return { cached, roomAnswer };
}

/** `info` as the simulated device shows it. */
const deviceInfo = async (house: House): Promise<DeviceInfo> => ({
  hw: 'Raumregler Mini-Server (simulated)',
  'sw-date': '2026-11-21',
  branch: 'main',
  // The runtime's version helps only an attacker; the wire keeps the key (issue 31).
  os: 'Raumregler',
  fbi: '1',
  'app-compatibility': true,
  name: house.name,
  house_id: house.id,
  mac: 'localhost',
});

/**
 * The reads of DEVICE_PROFILE=controme: a real device's shapes (controme.ts) and, as a real
 * device, no check of the password on a GET (writes still check it). No response schemas: the
 * shapes are not the contract's, so each answer is JSON.stringify'd, once per second and data
 * version by the same answer cache.
 */
function contromeRoutes(app: FastifyInstance) {
  const open = { compress: false, decompress: false } as const;
  const answersOf = perHouse((house) => {
    const { cached, roomAnswer } = houseAnswers(app, house);
    const views = contromeViews(app, house);
    return {
      temps: cached(views.temps),
      room: roomAnswer((roomId) => [views.room(existingRoom(house, roomId))]),
      rooms: cached(views.rooms),
      outs: cached(views.outs),
      heizprogramm: cached(views.heizprogramm),
    };
  });
  app.get('/info', { schema: { response: { 200: DeviceInfoSchema } } }, (request) =>
    deviceInfo(request.house),
  );
  app.get(
    '/permissions',
    { preHandler: deviceAccess(app).signedIn, schema: { response: { 200: PermissionsSchema } } },
    (request): Permissions => permissionsOf(request.user!),
  );
  app.get('/temps', open, (request, reply) => answersOf(request.house).temps(request, reply));
  app.get('/temps/:roomId', open, (request, reply) => {
    const roomId = roomFromParams(request).id;
    answersOf(request.house).room(roomId)(request, reply);
  });
  app.get('/rooms', open, (request, reply) => answersOf(request.house).rooms(request, reply));
  app.get('/outs', open, (request, reply) => answersOf(request.house).outs(request, reply));
  app.get('/heizprogramm', open, (request, reply) =>
    answersOf(request.house).heizprogramm(request, reply),
  );
}

export default getRoutes;
