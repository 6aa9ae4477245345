import { readFileSync } from 'node:fs';
import type { Engine, Sql } from '../../platform/database/schema.js';
import { CommandError, one, UsageError, type CliIo } from '../../platform/cli/errors.js';
import { createBuildingRepository } from './repository.js';
import { parseSeed } from './seed.js';
import { importSeed } from './seed-import.js';
import { createSimFaultsRepository } from './sim-faults-repository.js';
import { createRoomCommands } from './room-commands-service.js';
import { createRoomDevicesRepository, deviceListProblem } from './room-devices.js';
import type { Audit } from '../audit/index.js';
import type { Clock } from '../../platform/clock/clock.js';
import type { Commit } from '../../platform/database/group-commit.js';
import { formatRoomLimits, roomLimitsProblem } from '@raumregler/contract';

/** The building as it is in the database now (a command reads it once). */
export async function loadBuilding(sql: Sql, engine: Engine, now: () => number) {
  const building = createBuildingRepository(sql, engine, now);
  await building.refresh();
  return building;
}

/** The options of the `room` commands (node's parseArgs). */
export const ROOM_OPTIONS = {
  min: { type: 'string' },
  max: { type: 'string' },
  none: { type: 'boolean' },
} as const;

type RoomOptions = Partial<Record<keyof typeof ROOM_OPTIONS, string | boolean>>;

/** A limit as typed: `16`, `22.5` or `22,5`. */
function limitOf(value: string | boolean | undefined, flag: string): number | null {
  if (typeof value !== 'string') return null;
  const number = Number(value.trim().replace(',', '.'));
  if (value.trim() === '' || !Number.isFinite(number)) {
    throw new UsageError(`--${flag} must be a temperature in °C, got "${value.slice(0, 100)}"`);
  }
  return number;
}

/**
 * `room limits <roomId> --min 16 --max 23` or `--none` (issue 34): through the room commands,
 * with its audit entry; the running server answers with them within a second (its answers
 * follow the database's data version).
 */
async function runRoomLimits(
  roomIdText: string,
  values: RoomOptions,
  context: {
    sql: Sql;
    engine: Engine;
    clock: Clock;
    audit: Pick<Audit, 'record'>;
    commit: Commit;
    proxy: boolean;
  },
): Promise<string> {
  if (!/^\d{1,9}$/.test(roomIdText)) {
    throw new UsageError(`<roomId> must be a room's number, got "${roomIdText.slice(0, 100)}"`);
  }
  const min = limitOf(values.min, 'min');
  const max = limitOf(values.max, 'max');
  if (values.none === true && (min !== null || max !== null)) {
    throw new UsageError('give either --none or --min and --max');
  }
  if (values.none !== true && (min === null || max === null)) {
    throw new UsageError('give --min and --max, or --none to remove the limits');
  }
  const limits = min !== null && max !== null ? { min, max } : null;
  if (limits) {
    const problem = roomLimitsProblem(limits.min, limits.max);
    if (problem) throw new UsageError(problem.replace(/^(min|max)/, '--$1'));
  }
  const roomId = Number(roomIdText);
  const building = await loadBuilding(context.sql, context.engine, context.clock.now);
  const room = building.findRoom(roomId);
  if (!room) {
    // Proxy mode: our rooms are the device's as the running server last polled them.
    throw new CommandError(
      `there is no room ${roomId}` +
        (context.proxy ? " (proxy mode: the device's rooms as the server last polled them)" : ''),
    );
  }
  await createRoomCommands({
    building,
    commit: context.commit,
    clock: context.clock,
    audit: context.audit,
  }).setLimits(roomId, limits, { kind: 'cli', source: 'cli' });
  return limits
    ? `Room ${roomId} (${room.name}) now has limits ${formatRoomLimits(limits)} for users who do not manage it.`
    : `Room ${roomId} (${room.name}) has no limits now.`;
}

/**
 * `room devices <roomId> "TRV Wohnzimmer" "Sensor Wohnzimmer"` or `--none` (issue 36): the
 * zigbee2mqtt devices (friendly names, commas and slashes allowed) of a room, replacing its
 * list. A device of another room is refused, naming that room.
 */
async function runRoomDevices(
  { sql, engine, commit }: { sql: Sql; engine: Engine; commit: Commit },
  roomIdText: string | undefined,
  names: string[],
  none: boolean,
) {
  if (roomIdText === undefined || !/^\d{1,9}$/.test(roomIdText)) {
    throw new UsageError(
      `<roomId> must be a room's number, got "${(roomIdText ?? '').slice(0, 100)}"`,
    );
  }
  if (none && names.length > 0) throw new UsageError('give either --none or device names');
  if (!none && names.length === 0) {
    throw new UsageError("give the devices' zigbee2mqtt names, or --none to remove them");
  }
  const problem = deviceListProblem(names);
  if (problem) throw new UsageError(problem);
  const roomId = Number(roomIdText);
  const building = await loadBuilding(sql, engine, Date.now);
  const room = building.findRoom(roomId);
  if (!room) throw new CommandError(`there is no room ${roomId}`);
  const devices = createRoomDevicesRepository(building);
  await commit(async (tx) => {
    for (const name of names) {
      const owner = await devices.roomOfIn(tx, name);
      if (owner !== null && owner !== roomId) {
        const other = building.findRoom(owner);
        throw new CommandError(
          `device "${name}" belongs to room ${owner}${other ? ` (${other.name})` : ''}; remove it there first`,
        );
      }
    }
    await devices.set(tx, roomId, names);
  });
  return names.length === 0
    ? `Room ${roomId} (${room.name}) has no devices now.`
    : `Room ${roomId} (${room.name}) now has the devices ${names.map((name) => `"${name}"`).join(', ')}.`;
}

const STATES = {
  window: { open: true, closed: false },
  sensor: { off: true, on: false },
  writes: { ignored: true, taken: false },
} as const;
type SimWhat = keyof typeof STATES;
const COLUMNS = { window: 'window_open', sensor: 'sensor_off', writes: 'writes_ignored' } as const;

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

/** The line a sim command prints, for one room (`Room 5 (Küche)`) or several (`5 rooms`). */
function simAnswer(what: SimWhat, on: boolean, one: { id: number; name: string } | number) {
  const single = typeof one !== 'number';
  const rooms = single ? `room ${one.id} (${one.name})` : `${one} rooms`;
  if (what === 'writes') {
    // Read on every write: it acts at once.
    return on
      ? `Writes to ${rooms} are ignored: the device answers them as taken and keeps the old values.`
      : `Writes to ${rooms} are taken again.`;
  }
  const it = single ? 'it' : 'them';
  const change =
    what === 'window'
      ? `${single ? 'Window' : 'Windows'} of ${rooms} ${on ? 'opened' : 'closed'}`
      : `${single ? 'Sensor' : 'Sensors'} of ${rooms} switched ${on ? 'off' : 'on'}`;
  return `${change}; the server simulates ${it} within 5 s.`;
}

/**
 * `sim window <roomIds> open|closed`, `sim sensor <roomIds> off|on` and `sim writes <roomIds>
 * ignored|taken` (the device answers writes as taken but changes nothing, issue 33): a fault of
 * simulated rooms (one id, or a list with ranges such as `1-150,201` for many rooms at once, issue 32),
 * written to the database (sim_faults) that the running server's simulation reads on every tick
 * (every 5 s), so it acts within one tick without a restart. All rooms or none: an unknown room,
 * or a room without a sensor for `sensor`, refuses the whole command. Answers the line to print.
 */
async function runSimCommand(
  { sql, engine, commit }: { sql: Sql; engine: Engine; commit: Commit },
  what: string,
  roomIdText: string | undefined,
  stateText: string | undefined,
  proxy: boolean,
): Promise<string> {
  if (!Object.hasOwn(STATES, what)) throw new UsageError(`unknown sim command "${what}"`);
  const states = STATES[what as SimWhat];
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
      `the building is not simulated in proxy mode (UPSTREAM_URL is set)${what === 'window' ? ': open a real window instead' : ''}`,
    );
  }
  const building = await loadBuilding(sql, engine, Date.now);
  const rooms = roomIds.map((roomId) => {
    const room = building.findRoom(roomId);
    if (!room) throw new CommandError(`there is no room ${roomId}`);
    if (what === 'sensor' && room.temperature === null) {
      throw new CommandError(`room ${roomId} (${room.name}) has no sensor`);
    }
    return room;
  });
  const on = (states as Record<string, boolean>)[stateText]!;
  const faults = createSimFaultsRepository(sql);
  const column = COLUMNS[what as SimWhat];
  await commit(async (tx) => {
    for (const room of rooms) await faults.set(tx, room.id, column, on);
  });
  return simAnswer(what as SimWhat, on, rooms.length > 1 ? rooms.length : rooms[0]!);
}

/** `seed import <file>`: checks a seed file and writes its building and users. */
async function importSeedFile(sql: Sql, file: string, now: number): Promise<string> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CommandError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const seed = parseSeed(raw);
  await importSeed(sql, seed, now);
  const rooms = seed.floors.reduce((sum, floor) => sum + floor.rooms.length, 0);
  return `Imported "${seed.building.name}": ${seed.floors.length} floors, ${rooms} rooms, ${seed.users.length} users.`;
}

/**
 * `sim window|sensor|writes …` and `seed import <file>`: the building on the server's database.
 * Answers false for a command it does not know.
 */
export async function runBuildingCommand(
  area: string,
  command: string,
  args: string[],
  {
    sql,
    engine,
    now,
    io,
    proxy,
    values = {},
    clock,
    audit,
    commit,
  }: {
    sql: Sql;
    engine: Engine;
    now: () => number;
    io: CliIo;
    proxy: boolean;
    values?: RoomOptions;
    clock?: Clock;
    audit?: Pick<Audit, 'record'>;
    commit: Commit;
  },
): Promise<boolean> {
  if (area === 'room' && command === 'limits' && clock && audit) {
    io.out(
      await runRoomLimits(one(args, '<roomId>'), values, {
        sql,
        engine,
        clock,
        audit,
        commit,
        proxy,
      }),
    );
    return true;
  }
  if (area === 'room' && command === 'devices') {
    const [roomId, ...names] = args;
    io.out(await runRoomDevices({ sql, engine, commit }, roomId, names, values.none === true));
    return true;
  }
  if (area === 'sim' && Object.hasOwn(STATES, command)) {
    const [roomId, state, ...extra] = args;
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    io.out(await runSimCommand({ sql, engine, commit }, command, roomId, state, proxy));
    return true;
  }
  if (area === 'seed' && command === 'import') {
    io.out(await importSeedFile(sql, one(args, '<file>'), now()));
    return true;
  }
  return false;
}
