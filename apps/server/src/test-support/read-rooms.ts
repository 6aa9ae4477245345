import { expect } from 'vitest';

/**
 * Every room of a running server's `temps` answer by id, read over the app's `/api` path with
 * the given Basic `authorization` (the SIGKILL tests check what survived a restart with it).
 */
export async function readRooms<Room extends { id: number }>(
  origin: string,
  authorization: string,
): Promise<Map<number, Room>> {
  const response = await fetch(`${origin}/api/get/json/v1/1/temps/`, {
    headers: { authorization },
  });
  expect(response.status).toBe(200);
  const floors = (await response.json()) as { raeume: Room[] }[];
  return new Map(floors.flatMap((floor) => floor.raeume).map((room) => [room.id, room]));
}
