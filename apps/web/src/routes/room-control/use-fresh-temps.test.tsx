import type { Floor, Room } from '@raumregler/contract';
import { QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempsQueryOptions } from '@/features/rooms/api/get-temps';
import { apiUrl, HttpResponse, mock, TestProviders } from '@/lib/testing';
import { useFreshRoom } from './use-fresh-temps';

const room = (id: number, temperatur: number) =>
  ({ id, name: `Raum ${id}`, temperatur, solltemperatur: 21 }) as unknown as Room;
const building = [
  { id: 1, etagenname: 'EG', raeume: [room(7, 19), room(8, 19)] },
] as unknown as Floor[];

let tempsReads = 0;
let roomReads = 0;
const server = setupServer(
  mock.get(apiUrl('/get/json/v1/1/temps/'), () => {
    tempsReads += 1;
    return HttpResponse.json(building);
  }),
  mock.get(apiUrl('/get/json/v1/1/temps/:id/'), ({ params }) => {
    roomReads += 1;
    return HttpResponse.json([room(Number(params.id), 22.5)]);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  tempsReads = 0;
  roomReads = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The app's freshness (5 minutes), with the list loaded `ageMs` ago. */
function clientWithList(ageMs: number) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 5 * 60_000, gcTime: Infinity } },
  });
  client.setQueryData(tempsQueryOptions().queryKey, building, { updatedAt: Date.now() - ageMs });
  return client;
}

const mount = (client: QueryClient, roomId: number) =>
  renderHook(() => useFreshRoom(roomId), {
    wrapper: ({ children }) => <TestProviders client={client}>{children}</TestProviders>,
  });

const temperatureIn = (client: QueryClient, roomId: number) =>
  client
    .getQueryData(tempsQueryOptions().queryKey)
    ?.flatMap((floor) => floor.raeume)
    .find((r) => r.id === roomId)?.temperatur;

describe('the room page’s refresh', () => {
  it('reads its room again when the room is over 30 s old, not the building', async () => {
    const client = clientWithList(40_000);
    mount(client, 7);
    await waitFor(() => expect(temperatureIn(client, 7)).toBe(22.5));
    expect({ roomReads, tempsReads }).toEqual({ roomReads: 1, tempsReads: 0 });
    expect(temperatureIn(client, 8)).toBe(19);
  });

  it('asks nothing while the list it came with is fresh', async () => {
    const client = clientWithList(0);
    mount(client, 7);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect({ roomReads, tempsReads }).toEqual({ roomReads: 0, tempsReads: 0 });
  });

  it('does not ask for a room the building does not have', async () => {
    const client = clientWithList(40_000);
    mount(client, 999);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(roomReads).toBe(0);
  });
});
