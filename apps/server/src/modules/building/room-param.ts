import type { FastifyInstance } from 'fastify';
import type { Room } from './building.js';
import { HttpError, unknownRoom } from '../../platform/http/error-handler.js';

/** The room a `{roomId}` path names: 400 when the id is no whole number, 404 when unknown. */
export function roomFromParams(app: FastifyInstance, params: unknown): Room {
  const raw = (params as { roomId?: string }).roomId ?? '';
  if (!/^\d{1,9}$/.test(raw)) {
    throw new HttpError(400, 'bad_request', 'The room id must be a whole number.');
  }
  return existingRoom(app, Number(raw));
}

/** The room with this id, or a 404 when there is none. */
export function existingRoom(app: FastifyInstance, roomId: number): Room {
  const room = app.repos.building.findRoom(roomId);
  if (!room) throw unknownRoom();
  return room;
}
