import type { BuildingSummary } from '@raumregler/contract';
import { BuildingListSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { alarmsVisibleTo } from '../alarms/index.js';
import { userCan } from '../../platform/auth/permissions.js';
import { roomSource, type RoomNow } from '../room-values/index.js';
import { summariseBuilding, type BuildingEntry } from './rules.js';

/**
 * `GET /api/buildings/` (issue 37): every building the signed-in user may read, each with the
 * overview's figures over the rooms of their scope and the open alarms they meet.
 */
const buildingRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  // The rooms as the overview reads them (the building's temps/ and outs/, or proxy mode's
  // last poll). One source per building; today the server runs one.
  const source = roomSource(app, app.houses.own());
  // Worked out once per second and building version, as the polled temps/ answer is: the
  // 1,000-room building's view costs ~20 ms, and every open page asks every minute.
  let memo: { version: string; at: number; rooms: readonly RoomNow[] } | null = null;
  const roomsNow = () => {
    const version = app.houses.own().building.version();
    const now = app.clock.now();
    if (!memo || memo.version !== version || now - memo.at >= 1000 || now < memo.at) {
      memo = { version, at: now, rooms: source() };
    }
    return memo.rooms;
  };

  /** The buildings this server runs: today exactly one, HOUSE_ID with its name. */
  const servedBuildings = async (): Promise<BuildingEntry[]> => [
    {
      houseId: app.config.houseId,
      name: (await app.repos.settings.get('building_name')) ?? 'Raumregler',
      hostLabel: null,
    },
  ];

  app.get(
    '/',
    {
      preHandler: app.requireCapability('read'),
      config: {
        docs: {
          summary:
            'The buildings the user may read, each with its rooms below target, open alarms, heating demand and worst room',
        },
      },
      schema: { response: { 200: BuildingListSchema } },
    },
    async (request) => {
      const user = request.user!;
      const buildings: BuildingSummary[] = [];
      for (const building of await servedBuildings()) {
        // Access per building (today the user's one access decides it for the one building).
        if (!userCan(user, 'read', null, app.today())) continue;
        const scope = app.roomAccess.rooms(request);
        const rooms = roomsNow().filter((room) => scope.whole || scope.has(room.id));
        const mine = alarmsVisibleTo(app, user);
        const alarms = await app.alarmsOf(app.houses.own()).repo.list('open', 0);
        const open = alarms.filter(mine).length;
        buildings.push(summariseBuilding(building, rooms, open));
      }
      return { buildings };
    },
  );
};

export default buildingRoutes;
