import type { FastifyRequest } from 'fastify';
import type { Room } from './building.js';
import type { House } from './houses.js';
import { HttpError, unknownRoom } from '../../platform/http/error-handler.js';

/**
 * The room a `{roomId}` path names in the request's building (or the one given): 400 when the id is no whole
 * number, 404 when unknown.
 */
export function roomFromParams(request: FastifyRequest, house: House = request.house): Room {
  const raw = (request.params as { roomId?: string }).roomId ?? '';
  if (!/^\d{1,9}$/.test(raw)) {
    throw new HttpError(400, 'bad_request', 'The room id must be a whole number.');
  }
  return existingRoom(house, Number(raw));
}

/** The building's room with this id, or a 404 when there is none. */
export function existingRoom(house: House, roomId: number): Room {
  const room = house.building.findRoom(roomId);
  if (!room) throw unknownRoom();
  return room;
}
