import { readFileSync } from 'node:fs';
import { announceChange } from '../../platform/database/changes.js';
import type { Engine, Sql } from '../../platform/database/schema.js';
import { CommandError, one, UsageError, type CliIo } from '../../platform/cli/errors.js';
import { sealSecret } from '../../platform/auth/sealed.js';
import { DEVICE_ACCOUNT_PURPOSE } from './device.js';
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
export async function loadBuilding(sql: Sql, engine: Engine, now: () => number, houseId: number) {
  // Running nodes on PostgreSQL hear of its writes (NOTIFY in the commit); on SQLite they see
  // the file's data_version move.
  const building = createBuildingRepository(sql, now, houseId, (tx, change) =>
    announceChange(engine, tx, change),
  );
  await building.refresh();
  return building;
}

/** What a command on one building works with: the database and the building's house id. */
interface BuildingContext {
  sql: Sql;
  engine: Engine;
  commit: Commit;
  houseId: number;
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
    houseId: number;
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
  const building = await loadBuilding(
    context.sql,
    context.engine,
    context.clock.now,
    context.houseId,
  );
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
  { sql, engine, commit, houseId }: BuildingContext,
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
  const building = await loadBuilding(sql, engine, Date.now, houseId);
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
  { sql, engine, commit, houseId }: BuildingContext,
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
  const building = await loadBuilding(sql, engine, Date.now, houseId);
  const rooms = roomIds.map((roomId) => {
    const room = building.findRoom(roomId);
    if (!room) throw new CommandError(`there is no room ${roomId}`);
    if (what === 'sensor' && room.temperature === null) {
      throw new CommandError(`room ${roomId} (${room.name}) has no sensor`);
    }
    return room;
  });
  const on = (states as Record<string, boolean>)[stateText]!;
  const faults = createSimFaultsRepository(sql, houseId);
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
    houseId,
  }: {
    houseId: number;
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
        houseId,
      }),
    );
    return true;
  }
  if (area === 'room' && command === 'devices') {
    const [roomId, ...names] = args;
    io.out(
      await runRoomDevices({ sql, engine, commit, houseId }, roomId, names, values.none === true),
    );
    return true;
  }
  if (area === 'sim' && Object.hasOwn(STATES, command)) {
    const [roomId, state, ...extra] = args;
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    io.out(await runSimCommand({ sql, engine, commit, houseId }, command, roomId, state, proxy));
    return true;
  }
  if (area === 'seed' && command === 'import') {
    io.out(await importSeedFile(sql, one(args, '<file>'), now()));
    return true;
  }
  return false;
}

/** The demo building: a new database's, and a simulated building's added without a seed. */
export const DEMO_SEED_FILE = new URL('./seed/demo-building.json', import.meta.url);

/** The options of the `building` commands and `--house-id` of every command (node's parseArgs). */
export const BUILDING_OPTIONS = {
  'house-id': { type: 'string' },
  name: { type: 'string' },
  'host-label': { type: 'string' },
  seed: { type: 'string' },
  'upstream-url': { type: 'string' },
  'upstream-user': { type: 'string' },
  'upstream-password': { type: 'string' },
  'z2m-base-topic': { type: 'string' },
  yes: { type: 'boolean' },
} as const;

type BuildingOptions = Partial<Record<keyof typeof BUILDING_OPTIONS, string | boolean>>;

/** The highest house id (HOUSE_ID's limit). */
export const HOUSE_ID_MAX = 1_000_000;

/** `--house-id 2`: the house id, or undefined when not given; a UsageError when it is bad. */
export function houseIdOption(value: string | boolean | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  const id = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
  if (!(id >= 1 && id <= HOUSE_ID_MAX)) {
    throw new UsageError(
      `--house-id must be a whole number from 1 to ${HOUSE_ID_MAX}, got "${String(value).slice(0, 100)}"`,
    );
  }
  return id;
}

/** A host name's first label as the web app is opened under (`schule-nord`.example.com). */
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const NAME_MAX = 100;

function text(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined;
}

/** The building's fields as given, checked; a UsageError names the bad one. */
function buildingFields(values: BuildingOptions) {
  const name = text(values.name);
  if (name !== undefined && (name === '' || name.length > NAME_MAX || /[\p{Cc}]/u.test(name))) {
    throw new UsageError(`--name must be 1 to ${NAME_MAX} characters without control characters`);
  }
  const hostLabel = text(values['host-label'])?.toLowerCase();
  if (hostLabel !== undefined && !HOST_LABEL.test(hostLabel)) {
    throw new UsageError(
      `--host-label must be a host name's first label (letters a-z, digits and inner hyphens, at most 63), got "${hostLabel.slice(0, 100)}"`,
    );
  }
  const upstreamUrl = text(values['upstream-url']);
  if (upstreamUrl !== undefined) {
    const url = URL.canParse(upstreamUrl) ? new URL(upstreamUrl) : null;
    if (!url || !['http:', 'https:'].includes(url.protocol)) {
      throw new UsageError(
        '--upstream-url must be an http:// or https:// URL of a Controme server',
      );
    }
  }
  const topic = text(values['z2m-base-topic']);
  if (topic !== undefined && (topic === '' || /[#+\s]|^\/|\/$/.test(topic) || topic.length > 200)) {
    throw new UsageError(
      '--z2m-base-topic must be an MQTT topic without wildcards, spaces or a leading or trailing slash (e.g. zigbee2mqtt)',
    );
  }
  if (upstreamUrl !== undefined && topic !== undefined) {
    throw new UsageError('give --upstream-url or --z2m-base-topic, not both');
  }
  // The device account, as UPSTREAM_USER / UPSTREAM_PASSWORD are for the server's own building.
  const user = text(values['upstream-user']);
  const password =
    typeof values['upstream-password'] === 'string' ? values['upstream-password'] : undefined;
  if (upstreamUrl === undefined && (user !== undefined || password !== undefined)) {
    throw new UsageError('--upstream-user and --upstream-password go with --upstream-url');
  }
  if (upstreamUrl !== undefined && (!user || !password)) {
    throw new UsageError(
      '--upstream-url needs --upstream-user and --upstream-password: the account this server uses on the device (writes need write access there)',
    );
  }
  if ((user?.length ?? 0) > 200 || (password?.length ?? 0) > 200) {
    throw new UsageError('--upstream-user and --upstream-password have at most 200 characters');
  }
  const account = upstreamUrl !== undefined ? { user: user!, password: password! } : undefined;
  return { name, hostLabel, upstreamUrl: upstreamUrl?.replace(/\/+$/, ''), account, topic };
}

/** Where a building's heating is: what `building list` shows. */
function modeOf(row: { upstream_url: string | null; z2m_base_topic: string | null }) {
  if (row.upstream_url) return `Controme ${new URL(row.upstream_url).host}`;
  if (row.z2m_base_topic) return `MQTT ${row.z2m_base_topic}`;
  return 'simulated';
}

/**
 * `building add --house-id 2 --name "Schule Nord" [--host-label schule-nord] [--seed file.json]
 * [--upstream-url …] [--z2m-base-topic …]` (issue 37): a new building in this database, served
 * by running servers within 5 s. Its floors and rooms come from the seed, or from the device
 * (proxy), or they are the demo building's (simulated, without its users).
 */
async function addBuilding(
  { sql, now, tokenKey }: { sql: Sql; now: () => number; tokenKey: () => Buffer },
  values: BuildingOptions,
): Promise<string> {
  const houseId = houseIdOption(values['house-id']);
  if (houseId === undefined) throw new UsageError('building add needs --house-id <number>');
  const fields = buildingFields(values);
  if (fields.name === undefined) throw new UsageError('building add needs --name "<name>"');
  const existing = await sql
    .selectFrom('buildings')
    .select(['house_id', 'name', 'host_label'])
    .where((where) =>
      fields.hostLabel === undefined
        ? where('house_id', '=', houseId)
        : where.or([where('house_id', '=', houseId), where('host_label', '=', fields.hostLabel)]),
    )
    .execute();
  for (const row of existing) {
    if (row.house_id === houseId) {
      throw new CommandError(`building ${houseId} exists already ("${row.name}")`);
    }
    throw new CommandError(
      `the host label "${fields.hostLabel}" belongs to building ${row.house_id} ("${row.name}")`,
    );
  }
  const seedFile = text(values.seed);
  let seed = null;
  if (seedFile !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(seedFile, 'utf8'));
    } catch (error) {
      throw new CommandError(`cannot read ${seedFile}: ${(error as Error).message}`);
    }
    seed = parseSeed(raw);
  } else if (fields.upstreamUrl === undefined) {
    // A simulated building needs rooms to simulate: the demo building's, without its users.
    const demo = parseSeed(JSON.parse(readFileSync(DEMO_SEED_FILE, 'utf8')));
    seed = { ...demo, users: [], building: { ...demo.building, demoLogin: undefined } };
  }
  const place = {
    hostLabel: fields.hostLabel ?? null,
    upstreamUrl: fields.upstreamUrl ?? null,
    // Sealed under the token key: the database never holds the device's password in clear.
    upstreamAccount: fields.account
      ? sealSecret(tokenKey(), DEVICE_ACCOUNT_PURPOSE, JSON.stringify(fields.account))
      : null,
    z2mBaseTopic: fields.topic ?? null,
  };
  if (seed) {
    await importSeed(
      sql,
      { ...seed, building: { ...seed.building, houseId, name: fields.name } },
      now(),
      { ...place, addedBuilding: true },
    );
  } else {
    await sql
      .insertInto('buildings')
      .values({
        house_id: houseId,
        name: fields.name,
        host_label: place.hostLabel,
        upstream_url: place.upstreamUrl,
        upstream_account: place.upstreamAccount,
        z2m_base_topic: place.z2mBaseTopic,
        created_at: now(),
      })
      .execute();
  }
  const rooms = seed ? seed.floors.reduce((sum, floor) => sum + floor.rooms.length, 0) : 0;
  const where = modeOf({ upstream_url: place.upstreamUrl, z2m_base_topic: place.z2mBaseTopic });
  return (
    `Added building ${houseId} "${fields.name}" (${where}` +
    (seed ? `, ${rooms} rooms, ${seed.users.length} users` : ', rooms from the device') +
    (place.hostLabel ? `, host label ${place.hostLabel}` : '') +
    '). Running servers serve it within 5 s.'
  );
}

/** `building list`: every building with its house id, host label, devices and rooms. */
async function listBuildings(sql: Sql, defaultId: number): Promise<string> {
  const rows = await sql
    .selectFrom('buildings as b')
    .leftJoin('rooms as r', 'r.house_id', 'b.house_id')
    .select((eb) => [
      'b.house_id',
      'b.name',
      'b.host_label',
      'b.upstream_url',
      'b.z2m_base_topic',
      eb.fn.count<number>('r.id').as('rooms'),
    ])
    .groupBy(['b.house_id', 'b.name', 'b.host_label', 'b.upstream_url', 'b.z2m_base_topic'])
    .orderBy('b.house_id')
    .execute();
  if (rows.length === 0) return 'No buildings yet: the server makes its own on its first start.';
  const lines = rows.map((row) =>
    [
      String(row.house_id).padStart(7),
      row.name.padEnd(30),
      (row.host_label ?? '-').padEnd(20),
      modeOf(row).padEnd(30),
      `${Number(row.rooms)} rooms${row.house_id === defaultId ? ' (default)' : ''}`,
    ].join('  '),
  );
  const header = [
    '  house',
    'name'.padEnd(30),
    'host label'.padEnd(20),
    'devices'.padEnd(30),
    'rooms',
  ];
  return [header.join('  '), ...lines].join('\n');
}

/**
 * `building remove --house-id 2 --yes`: the building and everything of it (rooms, programmes,
 * absences, history, alarms, audit entries), in one transaction. Refused for the default
 * building (HOUSE_ID: the server's own) and without --yes.
 */
async function removeBuilding(
  { sql, commit }: { sql: Sql; commit: Commit },
  values: BuildingOptions,
  defaultId: number,
): Promise<string> {
  const houseId = houseIdOption(values['house-id']);
  if (houseId === undefined) throw new UsageError('building remove needs --house-id <number>');
  const row = await sql
    .selectFrom('buildings')
    .select('name')
    .where('house_id', '=', houseId)
    .executeTakeFirst();
  if (!row) throw new CommandError(`there is no building ${houseId}`);
  if (houseId === defaultId) {
    throw new CommandError(
      `building ${houseId} is the server's default building (HOUSE_ID); start the server with another HOUSE_ID to remove it`,
    );
  }
  const rooms = await sql
    .selectFrom('rooms')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('house_id', '=', houseId)
    .executeTakeFirstOrThrow();
  if (values.yes !== true) {
    throw new CommandError(
      `this deletes building ${houseId} "${row.name}" with its ${Number(rooms.count)} rooms, their history, alarms and audit entries; add --yes to do it`,
    );
  }
  await commit(async (tx) => {
    for (const table of [
      'history_recent',
      'history_hours',
      'history_quarters',
      'audit_log',
    ] as const) {
      await tx.deleteFrom(table).where('house_id', '=', houseId).execute();
    }
    // Floors, rooms, programmes, faults, devices, absences and alarms go with it (cascades).
    await tx.deleteFrom('buildings').where('house_id', '=', houseId).execute();
  });
  return `Removed building ${houseId} "${row.name}" and its ${Number(rooms.count)} rooms.`;
}

/** `building add|list|remove`; answers false for a command it does not know. */
export async function runBuildingsCommand(
  command: string,
  values: BuildingOptions,
  context: {
    sql: Sql;
    commit: Commit;
    now: () => number;
    io: CliIo;
    defaultId: number;
    /** The token key (TOKEN_SECRET or DATA_DIR/token-secret): seals a device account. */
    tokenKey: () => Buffer;
  },
): Promise<boolean> {
  if (command === 'add') {
    context.io.out(await addBuilding(context, values));
  } else if (command === 'list') {
    context.io.out(await listBuildings(context.sql, context.defaultId));
  } else if (command === 'remove') {
    context.io.out(await removeBuilding(context, values, context.defaultId));
  } else {
    return false;
  }
  return true;
}
