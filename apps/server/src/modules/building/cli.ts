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

/**
 * `sim window <roomId> open|closed` and `sim sensor <roomId> off|on`: a fault of a simulated room,
 * written to the database (sim_faults) that the running server's simulation reads on every tick
 * (every 5 s), so it acts within one tick without a restart. Answers the line to print.
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
  if (!roomIdText || !/^\d{1,9}$/.test(roomIdText)) {
    throw new UsageError(`<roomId> must be a room's number, got "${roomIdText ?? ''}"`);
  }
  if (!stateText || !(stateText in states)) {
    throw new UsageError(`the state must be ${words}, got "${stateText ?? ''}"`);
  }
  if (proxy) {
    throw new CommandError(
      'the building is not simulated in proxy mode (UPSTREAM_URL is set): open a real window instead',
    );
  }
  const roomId = Number(roomIdText);
  const room = createBuildingRepository(db, Date.now).findRoom(roomId);
  if (!room) throw new CommandError(`there is no room ${roomId}`);
  if (what === 'sensor' && room.temperature === null) {
    throw new CommandError(`room ${roomId} (${room.name}) has no sensor`);
  }
  const on = states[stateText as keyof typeof states] as boolean;
  createSimFaultsRepository(db).set(roomId, what === 'window' ? 'window_open' : 'sensor_off', on);
  return what === 'window'
    ? `Window of room ${roomId} (${room.name}) ${on ? 'opened' : 'closed'}; the server simulates it within 5 s.`
    : `Sensor of room ${roomId} (${room.name}) switched ${on ? 'off' : 'on'}; the server simulates it within 5 s.`;
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
