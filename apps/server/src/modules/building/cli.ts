import { readFileSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { CommandError, one, UsageError, type CliIo } from '../../platform/cli/errors.js';
import { createBuildingRepository } from './repository.js';
import { parseSeed } from './seed.js';
import { importSeed } from './seed-import.js';
import { createSimFaultsRepository } from './sim-faults-repository.js';

const STATES = {
  window: { open: true, closed: false },
  sensor: { off: true, on: false },
} as const;

/** Most rooms one sim command takes (a list or ranges: `1-150,201`). */
const SIM_ROOMS_MAX = 10_000;

/** `5`, `1,3,7` or `1-150,201-250`: the room ids, each once, in the order given; null if bad. */
function roomIdsOf(text: string): number[] | null {
  if (text.length > 10_000 || !/^\d{1,9}(-\d{1,9})?(,\d{1,9}(-\d{1,9})?)*$/.test(text)) return null;
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const [first, last = first] = part.split('-').map(Number) as [number, number?];
    if (last < first || last - first >= SIM_ROOMS_MAX) return null;
    for (let id = first; id <= last && ids.size <= SIM_ROOMS_MAX; id++) ids.add(id);
  }
  return ids.size <= SIM_ROOMS_MAX ? [...ids] : null;
}

/**
 * `sim window <roomIds> open|closed` and `sim sensor <roomIds> off|on`: a fault of simulated
 * rooms (one id, or a list with ranges such as `1-150,201` for many rooms at once, issue 32),
 * written to the database (sim_faults) that the running server's simulation reads on every tick
 * (every 5 s), so it acts within one tick without a restart. All rooms or none: an unknown room,
 * or a room without a sensor for `sensor`, refuses the whole command. Answers the line to print.
 */
function runSimCommand(
  db: Database,
  what: string,
  roomIdText: string | undefined,
  stateText: string | undefined,
  proxy: boolean,
): string {
  if (what !== 'window' && what !== 'sensor') throw new UsageError(`unknown sim command "${what}"`);
  const states = STATES[what];
  const words = Object.keys(states).join('|');
  const roomIds = roomIdText ? roomIdsOf(roomIdText) : null;
  if (!roomIds) {
    throw new UsageError(
      `<roomId> must be a room's number (or a list such as 1-150,201), got "${(roomIdText ?? '').slice(0, 100)}"`,
    );
  }
  if (!stateText || !(stateText in states)) {
    throw new UsageError(`the state must be ${words}, got "${stateText ?? ''}"`);
  }
  if (proxy) {
    throw new CommandError(
      'the building is not simulated in proxy mode (UPSTREAM_URL is set): open a real window instead',
    );
  }
  const building = createBuildingRepository(db, Date.now);
  const rooms = roomIds.map((roomId) => {
    const room = building.findRoom(roomId);
    if (!room) throw new CommandError(`there is no room ${roomId}`);
    if (what === 'sensor' && room.temperature === null) {
      throw new CommandError(`room ${roomId} (${room.name}) has no sensor`);
    }
    return room;
  });
  const on = states[stateText as keyof typeof states] as boolean;
  const faults = createSimFaultsRepository(db);
  const column = what === 'window' ? 'window_open' : 'sensor_off';
  db.transaction(() => {
    for (const room of rooms) faults.set(room.id, column, on);
  })();
  if (rooms.length > 1) {
    return what === 'window'
      ? `Windows of ${rooms.length} rooms ${on ? 'opened' : 'closed'}; the server simulates them within 5 s.`
      : `Sensors of ${rooms.length} rooms switched ${on ? 'off' : 'on'}; the server simulates them within 5 s.`;
  }
  const [room] = rooms as [(typeof rooms)[number]];
  return what === 'window'
    ? `Window of room ${room.id} (${room.name}) ${on ? 'opened' : 'closed'}; the server simulates it within 5 s.`
    : `Sensor of room ${room.id} (${room.name}) switched ${on ? 'off' : 'on'}; the server simulates it within 5 s.`;
}

/** `seed import <file>`: checks a seed file and writes its building and users. */
async function importSeedFile(db: Database, file: string, now: number): Promise<string> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CommandError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const seed = parseSeed(raw);
  await importSeed(db, seed, now);
  const rooms = seed.floors.reduce((sum, floor) => sum + floor.rooms.length, 0);
  return `Imported "${seed.building.name}": ${seed.floors.length} floors, ${rooms} rooms, ${seed.users.length} users.`;
}

/**
 * `sim window|sensor …` and `seed import <file>`: the building on the server's database.
 * Answers false for a command it does not know.
 */
export async function runBuildingCommand(
  area: string,
  command: string,
  args: string[],
  { db, now, io, proxy }: { db: Database; now: () => number; io: CliIo; proxy: boolean },
): Promise<boolean> {
  if (area === 'sim' && (command === 'window' || command === 'sensor')) {
    const [roomId, state, ...extra] = args;
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    io.out(runSimCommand(db, command, roomId, state, proxy));
    return true;
  }
  if (area === 'seed' && command === 'import') {
    io.out(await importSeedFile(db, one(args, '<file>'), now()));
    return true;
  }
  return false;
}
