import type { DeviceInfo, Floor, Permissions, Room } from '@raumregler/contract';
import type { FastifyPluginAsync } from 'fastify';
import { toWireRoom } from '../../domain/room-view.js';
import { floorsSchema } from '../schemas.js';

/** The device API's reads: `GET /get/json/v1/{houseId}/{method}/`. */
const getRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get('/info', async (): Promise<DeviceInfo> => {
    const settings = app.repos.settings;
    return {
      hw: 'Raumregler Mini-Server (simulated)',
      'sw-date': '2026-11-21',
      branch: 'main',
      os: `node ${process.version}`,
      fbi: '1',
      'app-compatibility': true,
      name: settings.get('building_name') ?? 'Raumregler',
      house_id: Number(settings.get('house_id') ?? 1),
      mac: 'localhost',
    };
  });

  app.get('/permissions', async (request): Promise<Permissions> => ({
    access_to_smart: request.user!.accessSmart,
    access_to_pro: request.user!.accessPro,
  }));

  app.get('/temps', { schema: { response: { 200: floorsSchema } } }, async (): Promise<Floor[]> => {
    const context = app.clock.context();
    const building = app.repos.building;
    const roomsByFloor = new Map<number, Room[]>();
    for (const row of building.listRooms()) {
      const list = roomsByFloor.get(row.floor_id) ?? [];
      list.push(toWireRoom(row, building.scheduleOf(row.id), context));
      roomsByFloor.set(row.floor_id, list);
    }
    return app.repos.building.listFloors().map((floor) => ({
      id: floor.id,
      etagenname: floor.name,
      raeume: roomsByFloor.get(floor.id) ?? [],
    }));
  });
};

export default getRoutes;
