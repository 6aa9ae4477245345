import type { BuildingSummary } from '@raumregler/contract';
import { BuildingListSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { alarmsVisibleTo } from '../alarms/index.js';
import { userCan } from '../../platform/auth/permissions.js';
import { inHouse } from '../../platform/auth/users.js';
import { perHouse } from '../building/index.js';
import { roomSource, type RoomNow } from '../room-values/index.js';
import { summariseBuilding, type BuildingEntry } from './rules.js';

/**
 * `GET /api/buildings/` (issue 37): every building the signed-in user may read, each with the
 * overview's figures over the rooms of their scope and the open alarms they meet.
 */
const buildingRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  // The rooms as the overview reads them (each building's temps/ and outs/, or proxy mode's
  // last poll), worked out once per second and building version, as the polled temps/ answer
  // is: the 1,000-room building's view costs ~20 ms, and every open page asks every minute.
  const roomsOf = perHouse((house) => {
    const source = roomSource(app, house);
    let memo: { version: string; at: number; rooms: readonly RoomNow[] } | null = null;
    return () => {
      const version = house.building.version();
      const now = app.clock.now();
      if (!memo || memo.version !== version || now - memo.at >= 1000 || now < memo.at) {
        memo = { version, at: now, rooms: source() };
      }
      return memo.rooms;
    };
  });

  app.get(
    '/',
    {
      // No capability of the request's building asked: the list is of the buildings the user
      // may read, also when the server's own is none of them.
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
      for (const house of app.houses.list()) {
        // The user's access in each building (a building without any is left out).
        const there = inHouse(user, house.id);
        if (!there.member || !userCan(there, 'read', null, app.today())) continue;
        const scope = app.roomAccess.roomsOf(house, there);
        const rooms = roomsOf(house)().filter((room) => scope.whole || scope.has(room.id));
        const mine = alarmsVisibleTo(app, there);
        const alarms = await app.alarmsOf(house).repo.list('open', 0);
        const open = alarms.filter(mine).length;
        const entry: BuildingEntry = {
          houseId: house.id,
          name: house.name,
          hostLabel: house.hostLabel,
        };
        buildings.push(summariseBuilding(entry, rooms, open));
      }
      return { buildings };
    },
  );
};

export default buildingRoutes;
