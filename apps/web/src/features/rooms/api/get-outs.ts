import { deviceApiPaths, readOutputs, valvesByRoom, type FloorOutputs } from '@raumregler/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Each room's valve opening in percent (null: the room has no outputs), by room id. */
export type RoomValves = ReadonlyMap<number, number | null>;

/** `outs/` through the contract's reader: keys trimmed (`" 14"`), values numbers (issue 33). */
export const getOuts = async (): Promise<FloorOutputs[]> => {
  const floors = readOutputs(await apiGet<unknown>(deviceApiPaths.outs()));
  if (!floors) throw new Error('outs/ answered no list of floors');
  return floors;
};

/**
 * The device's `outs/` as valve openings (issue 32), read with the contract's rule
 * (`valvesByRoom`: relays 0/1 as 0 or 100 %, analog outputs as they are, a room's mean). One
 * query for the app; the pages that show valves refresh it as they refresh `temps`. A failed
 * answer shows no valves rather than wrong ones, so it is retried once only.
 */
export const outsQueryOptions = () =>
  queryOptions({
    queryKey: ['outs'],
    queryFn: getOuts,
    select: selectValves,
    retry: 1,
  });

// One function for every observer, so TanStack keeps the selected map until the data changes.
const selectValves = (floors: FloorOutputs[]): RoomValves => valvesByRoom(floors);
