import { deviceApiPaths, type Floor, type Room } from '@raumregler/contract';
import { QueryObserver } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, HttpResponse, mock, testQueryClient } from '@/lib/testing';
import { tempsQueryOptions } from './get-temps';
import { setTarget } from './set-target';
import {
  applyRoomAnswer,
  refreshRoom,
  roomReceivedAt,
  settleRoomWrite,
  writeRooms,
} from './update-room-cache';

const ROOMS = 100;
const room = (id: number, target: number) =>
  ({ id, name: `Raum ${id}`, solltemperatur: target, temperatur: 20 }) as unknown as Room;
const building = (target: number): Floor[] =>
  [
    {
      id: 1,
      etagenname: 'EG',
      raeume: Array.from({ length: ROOMS }, (_, index) => room(index + 1, target)),
    },
  ] as unknown as Floor[];

let tempsReads = 0;
let roomReads = 0;
let writes = 0;
let writesBeforeFirstRead: number | null = null;
const server = setupServer(
  mock.get(apiUrl(deviceApiPaths.temps()), () => {
    tempsReads += 1;
    writesBeforeFirstRead ??= writes;
    return HttpResponse.json(building(20));
  }),
  mock.get(apiUrl('/get/json/v1/1/temps/:id/'), ({ params }) => {
    roomReads += 1;
    return HttpResponse.json([room(Number(params.id), 24)]);
  }),
  mock.post(apiUrl('/set/json/v1/1/ziel/:id/'), ({ params }) => {
    writes += 1;
    return HttpResponse.json(room(Number(params.id), 23));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A query client with the temps list loaded and watched, as on a page that shows it. */
async function watchedTemps() {
  const client = testQueryClient();
  const observer = new QueryObserver(client, tempsQueryOptions());
  const stop = observer.subscribe(() => {});
  await client.fetchQuery(tempsQueryOptions());
  tempsReads = 0;
  roomReads = 0;
  writes = 0;
  writesBeforeFirstRead = null;
  return { client, stop };
}

describe('room writes and the temps cache', () => {
  it('puts a write’s answer into the cached list at once', async () => {
    const { client, stop } = await watchedTemps();
    applyRoomAnswer(client, room(7, 25));
    const rooms = client.getQueryData(tempsQueryOptions().queryKey)![0]!.raeume;
    expect(rooms.find((r) => r.id === 7)?.solltemperatur).toBe(25);
    expect(rooms.find((r) => r.id === 8)?.solltemperatur).toBe(20);
    expect(tempsReads).toBe(0);
    stop();
  });

  it('after one room’s write takes its answer and reads nothing again', async () => {
    const { client, stop } = await watchedTemps();
    await settleRoomWrite(client, 7, room(7, 25));
    const rooms = client.getQueryData(tempsQueryOptions().queryKey)![0]!.raeume;
    expect(rooms.find((r) => r.id === 7)?.solltemperatur).toBe(25);
    expect({ tempsReads, roomReads }).toEqual({ tempsReads: 0, roomReads: 0 });
    stop();
  });

  it('reads only that room again when a device answers a write with something else', async () => {
    const { client, stop } = await watchedTemps();
    await settleRoomWrite(client, 7, 'OK');
    const rooms = client.getQueryData(tempsQueryOptions().queryKey)![0]!.raeume;
    expect(rooms.find((r) => r.id === 7)?.solltemperatur).toBe(24);
    expect(rooms.find((r) => r.id === 8)?.solltemperatur).toBe(20);
    expect({ tempsReads, roomReads }).toEqual({ tempsReads: 0, roomReads: 1 });
    stop();
  });

  it('reads a device’s temps/{id}/ in its own shapes into the list (issue 33)', async () => {
    const { client, stop } = await watchedTemps();
    // A bare object, numbers as text with a comma, the mode as an integer (1: off).
    server.use(
      mock.get(apiUrl(deviceApiPaths.roomTemps(7)), () => {
        roomReads += 1;
        return HttpResponse.json({
          id: '7',
          name: 'Raum 7',
          solltemperatur: '22,5',
          temperatur: '19,8',
          luftfeuchte: null,
          betriebsart: 1,
        });
      }),
    );
    await settleRoomWrite(client, 7, 'OK');
    const rooms = client.getQueryData(tempsQueryOptions().queryKey)![0]!.raeume;
    expect(rooms.find((r) => r.id === 7)).toMatchObject({
      solltemperatur: 22.5,
      perm_solltemperatur: 22.5,
      temperatur: 19.8,
      luftfeuchte: null,
      betriebsart: 'Off',
      sensoren: [],
    });
    expect({ tempsReads, roomReads }).toEqual({ tempsReads: 0, roomReads: 1 });
    stop();
  });

  it('a write’s answer in a device’s shapes changes only the fields it carries', async () => {
    const { client, stop } = await watchedTemps();
    await settleRoomWrite(client, 7, { id: 7, solltemperatur: '25,5' });
    const changed = client.getQueryData(tempsQueryOptions().queryKey)![0]!.raeume[6]!;
    expect(changed).toMatchObject({ id: 7, name: 'Raum 7', solltemperatur: 25.5, temperatur: 20 });
    expect({ tempsReads, roomReads }).toEqual({ tempsReads: 0, roomReads: 0 });
    stop();
  });

  it('reloads the whole list when the room cannot be read on its own', async () => {
    const { client, stop } = await watchedTemps();
    server.use(
      mock.get(apiUrl(deviceApiPaths.roomTemps(7)), () =>
        HttpResponse.json({ error: 'not_found', message: 'Raum nicht gefunden' }, { status: 404 }),
      ),
    );
    await refreshRoom(client, 7);
    expect(tempsReads).toBe(1);
    stop();
  });

  it('a patched room counts from its own arrival, the others from the list’s load', async () => {
    const { client, stop } = await watchedTemps();
    const listUpdatedAt = client.getQueryState(tempsQueryOptions().queryKey)!.dataUpdatedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    applyRoomAnswer(client, room(7, 25));
    expect(client.getQueryState(tempsQueryOptions().queryKey)!.dataUpdatedAt).toBe(listUpdatedAt);
    const rooms = client.getQueryData(tempsQueryOptions().queryKey)![0]!.raeume;
    expect(
      roomReceivedAt(
        rooms.find((r) => r.id === 8)!,
        listUpdatedAt,
      ),
    ).toBe(listUpdatedAt);
    expect(
      roomReceivedAt(
        rooms.find((r) => r.id === 7)!,
        listUpdatedAt,
      ),
    ).toBeGreaterThanOrEqual(listUpdatedAt + 20);
    stop();
  });

  it('a group action on 100 rooms writes 100 times and reloads temps once, after the last', async () => {
    const { client, stop } = await watchedTemps();
    const ids = Array.from({ length: ROOMS }, (_, index) => index + 1);
    const results = await writeRooms(client, ids, (roomId) =>
      setTarget({ roomId, target: 23, hours: 1 }),
    );
    expect(writes).toBe(ROOMS);
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(tempsReads).toBe(1);
    expect(writesBeforeFirstRead).toBe(ROOMS);
    stop();
  });

  it('reloads once even when some writes fail, and says which', async () => {
    const { client, stop } = await watchedTemps();
    server.use(
      mock.post(apiUrl(deviceApiPaths.setTarget(3)), () => {
        writes += 1;
        return HttpResponse.json(
          { error: 'forbidden', message: 'Keine Berechtigung' },
          { status: 403 },
        );
      }),
    );
    const results = await writeRooms(client, [1, 2, 3, 4], (roomId) =>
      setTarget({ roomId, target: 23, hours: 1 }),
    );
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(tempsReads).toBe(1);
    stop();
  });
});
