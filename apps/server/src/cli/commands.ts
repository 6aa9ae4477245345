import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import type BetterSqlite3 from 'better-sqlite3';
import { ACCESS_LEVELS, NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from '@raumregler/contract';
import { createAccountChanges, runUserCommand, USER_OPTIONS } from '../modules/accounts/index.js';
import { createAudit, createAuditRepository } from '../modules/audit/index.js';
import {
  BUILDING_OPTIONS,
  houseExists,
  houseIdOption,
  loadBuilding,
  ROOM_OPTIONS,
  runBuildingCommand,
  runBuildingsCommand,
  SeedError,
} from '../modules/building/index.js';
import { createUsersRepository } from '../platform/auth/users.js';
import { createGroupCommit } from '../platform/database/group-commit.js';
import { announceChange } from '../platform/database/changes.js';
import { signInChange } from '../platform/auth/sign-in-changes.js';
import { copyIntoPostgres, CopyRefused } from '../platform/database/copy.js';
import { openStore, type Store } from '../platform/database/store.js';
import { createClock } from '../platform/clock/clock.js';
import { localDate } from '../platform/clock/local-time.js';
import { CommandError, UsageError, type CliIo } from '../platform/cli/errors.js';

export type { CliIo };

export const USAGE = `Usage: npm run cli -- <command>

Commands:
  user list
      List users and their access.
  user add <username> --email <address> [--password <password>]
           [--first-name <name>] [--last-name <name>] [--smart <access>] [--pro <access>]
      Add a user. Without --password a random one is generated and printed.
      Access defaults to no-access in both areas.
  user access <username> [--smart <access>] [--pro <access>]
      Set a user's access. <access> is one of: ${ACCESS_LEVELS.join(', ')}.
  user password <username> [--password <password>]
      Reset a password. Without --password a random one is generated and printed.
      A password given has ${NEW_PASSWORD_MIN} to ${NEW_PASSWORD_MAX} characters (the sign-in form's limit).
  user disable <username>
      The user can no longer sign in (on a running server within a second); the account,
      its access and its audit entries stay. Refused for the last user with full access.
  user enable <username>
      A disabled user can sign in again.
  user delete <username>
      Delete the user and its reset links; audit entries keep the name. Refused for the last
      user with full access in any area (the one who may manage the building). With --house-id
      (or for HOUSE_ID's building) a user who holds access in other buildings too only loses
      the access in this one; the account stays.
  user language <username> de|en
      The language of the user's alarm mails (default de).
  user scope <username> --floors <ids> [--rooms <ids>] | --rooms <ids> | --all
      The floors and rooms the user sees and operates (the union; ids separated by commas),
      or --all for the whole building. On a running server within a second.
  user valid <username> [--from <YYYY-MM-DD>] [--until <YYYY-MM-DD>] | --always
      The days the user has rooms (both included, in the device's time zone); outside them
      they may sign in but see no rooms. --always: no time limit.
  room limits <roomId> --min <°C> --max <°C> | --none
      The targets users who do not manage the room may set (0.5 °C steps within 5-30 °C);
      --none removes them.
  room devices <roomId> <name>... | --none
      The room's zigbee2mqtt devices (thermostats and sensors) by their friendly names, which
      replace its list; quote names with spaces: room devices 1 "TRV Wohnzimmer" "Sensor, Flur/1".
      A name starting with - goes after --. --none removes them. (Issue 36: read with MQTT_URL.)
  seed import <file>
      Check a seed file and write its building and users into the database (existing users
      with the same name are kept; floors and rooms with the same ids are replaced).
  sim window <roomId> open|closed
      Open or close a window of a simulated room: it loses heat fast until closed. Acts on
      the running server within 5 s. Refused in proxy mode (UPSTREAM_URL set). <roomId> may
      be a list with ranges for many rooms at once: 1-150,201
  sim sensor <roomId> off|on
      Stop or resume a simulated room's sensor: no new readings while off.
  sim writes <roomId> ignored|taken
      The simulated device answers writes to the room as taken but keeps the old values
      (a device that silently drops a value); taken: writes act again. Acts at once.
  db copy --to postgres://user:pass@host:5432/db [--house-id <n>]
      Copy this SQLite database's building (rooms, schedules, absences, history, audit, alarms)
      and its users into PostgreSQL (migrated first), in one transaction, beside the buildings
      it holds already; then start the server with DATABASE_URL set to it. The building keeps
      its house id, or becomes house <n>. Refused when that house exists there (an empty one, as
      a server's first start makes it, is filled). A user name known there keeps its account
      (password, e-mail) and gains the building's access. Refused when DATABASE_URL is set (the
      source is the SQLite file).
  building list
      The buildings of this database: house id, name, host label, where their devices are, rooms.
  building add --house-id <n> --name <name> [--host-label <label>] [--seed <file>]
               [--upstream-url <url> --upstream-user <name> --upstream-password <password>
                | --z2m-base-topic <topic>]
      Add a building (house id n). Its users come from the seed file (they gain access there;
      existing names keep their account). Simulated: its rooms are the seed's, or else the demo
      building's. --upstream-url: in front of that Controme server, spoken to with that account
      (stored sealed under the token key, so set the same TOKEN_SECRET on every node); its
      rooms come from the device. --z2m-base-topic: zigbee2mqtt's devices under that topic on
      MQTT_URL's broker feed its rooms (the seed's, or the demo building's).
      --host-label: the web app opened as <label>.example.com shows it. Running servers serve it
      within 5 s.
  building remove --house-id <n> --yes
      Delete a building with its rooms, history, alarms and audit entries. Refused for the
      server's default building (HOUSE_ID).
  --house-id <n>
      With user, room, sim and seed commands: the building they are about (default HOUSE_ID).
  help
      Show this text.

The database is the one the server uses: DATABASE_URL's PostgreSQL, or else the SQLite file in
DATA_DIR (default ./data) or DATABASE_FILE.`;

/**
 * What a command needs of the database file: `help` none; `seed import` may create it (a
 * building set up before the server's first start); every other command works on the database
 * the server made and is refused without one, instead of making an empty one where it was run.
 */
export function databaseNeed(argv: string[]): 'none' | 'any' | 'existing' {
  const area = argv.find((arg) => !arg.startsWith('-'));
  if (area === undefined || area === 'help') return 'none';
  return area === 'seed' ? 'any' : 'existing';
}

export function noDatabaseMessage(file: string) {
  return (
    `no database at ${file}. The server creates it on its first start (npm start); run the ` +
    'command in the folder you start the server from, or set DATA_DIR (or DATABASE_FILE) to ' +
    "the server's."
  );
}

/**
 * Runs one command against an open database; answers the process exit code. `now` is the clock
 * (cli.ts passes Date.now) that stamps new users and imported sensor readings.
 */
export async function runCli(
  argv: string[],
  store: Pick<Store, 'sql' | 'engine'> & Partial<Pick<Store, 'sqlite'>>,
  io: CliIo,
  now: () => number,
  /** Proxy mode (UPSTREAM_URL set): there is no simulated building to act on. */
  {
    proxy = false,
    timeZone = 'Europe/Berlin',
    houseId: defaultHouseId = 1,
    tokenKey = () => {
      throw new CommandError('no token key here (TOKEN_SECRET or DATA_DIR/token-secret)');
    },
  }: { proxy?: boolean; timeZone?: string; houseId?: number; tokenKey?: () => Buffer } = {},
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...USER_OPTIONS, ...ROOM_OPTIONS, ...BUILDING_OPTIONS, to: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    const [area = '', command = '', ...rest] = positionals;
    if (area === '' || area === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (area === 'db') {
      if (command !== 'copy') throw new UsageError(`unknown command "db ${command}"`);
      io.out(await runDbCopy(store.sqlite ?? null, values.to, houseIdOption(values['house-id'])));
      return 0;
    }
    const { sql, engine } = store;
    if (area === 'building') {
      const done = await runBuildingsCommand(command, values, {
        sql,
        commit: createGroupCommit(sql, engine),
        now,
        io,
        defaultId: defaultHouseId,
        tokenKey,
      });
      if (!done) throw new UsageError(`unknown command "building ${command}"`);
      return 0;
    }
    // --house-id: the building a command is about (default HOUSE_ID's).
    const houseId = houseIdOption(values['house-id']) ?? defaultHouseId;
    if (values['house-id'] !== undefined && !(await houseExists(sql, houseId))) {
      throw new CommandError(`there is no building ${houseId} (building list shows them)`);
    }
    // Accounts are global; access, scope and validity are those in this building.
    const users = createUsersRepository(sql, houseId);
    const clock = createClock(now, timeZone);
    const commit = createGroupCommit(sql, engine);
    const audit = createAudit({ repository: createAuditRepository(sql), clock, houseId });
    // The CLI's changes commit in one transaction each, with their audit entry (source `cli`).
    const changes = createAccountChanges({
      users,
      audit,
      commit,
      now,
      today: () => localDate(clock.local, now()),
      // Running nodes on PostgreSQL forget the user's cached sign-ins when this commits.
      signInChanged: (tx, userId) => announceChange(engine, tx, signInChange(userId)),
    });
    // The building's ids, for the scopes of `user` commands: read once, as the command starts.
    const building = area === 'user' ? await loadBuilding(sql, engine, now, houseId) : null;
    const known = () => {
      if (!building) throw new Error('the building is read for user commands only');
      return {
        floors: new Set(building.listFloors().map((floor) => floor.id)),
        rooms: new Set(building.listRooms().map((room) => room.id)),
      };
    };
    const done =
      area === 'user'
        ? await runUserCommand(command, rest, values, { users, changes, io, known })
        : await runBuildingCommand(area, command, rest, {
            sql,
            engine,
            now,
            io,
            proxy,
            values,
            clock,
            audit,
            commit,
            houseId,
          });
    if (!done) throw new UsageError(`unknown command "${`${area} ${command}`.trim()}"`);
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.err(`Error: ${(error as Error).message}`);
      io.err('Run "npm run cli -- help" for the commands.');
      return 2;
    }
    if (error instanceof CommandError || error instanceof SeedError) {
      io.err(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/**
 * `db copy --to URL [--house-id N]` (issue 37): the SQLite database's building into PostgreSQL,
 * beside the buildings it may hold already.
 */
async function runDbCopy(
  from: BetterSqlite3.Database | null,
  to: string | undefined,
  houseId: number | undefined,
) {
  if (!from) {
    throw new CommandError(
      'db copy copies the SQLite file (DATA_DIR or DATABASE_FILE) into PostgreSQL; unset DATABASE_URL to run it',
    );
  }
  if (!to) throw new UsageError('db copy needs --to postgres://user:pass@host:5432/db');
  let url: string | null;
  try {
    url = loadConfig({ DATABASE_URL: to }).databaseUrl;
  } catch (error) {
    throw new UsageError((error as Error).message.replace('DATABASE_URL', '--to'));
  }
  const target = await openStore({ databaseUrl: url, databaseFile: ':memory:' }).catch(
    (error: unknown) => {
      throw new CommandError((error as Error).message);
    },
  );
  try {
    const report = await copyIntoPostgres(from, target.sql, { houseId }).catch((error: unknown) => {
      throw new CommandError(
        error instanceof CopyRefused
          ? error.message
          : `nothing was copied: ${(error as Error).message}`,
      );
    });
    const count = (...tables: string[]) =>
      tables.reduce((sum, table) => sum + (report.tables.get(table) ?? 0), 0);
    const all = [...report.tables.values()].reduce((sum, n) => sum + n, 0);
    const { added, existing } = report.users;
    const houses = report.houses
      .map(
        (house) =>
          `building "${house.name}" as house ${house.to}` +
          (house.from === house.to ? '' : ` (house ${house.from} in the file)`),
      )
      .join(', ');
    return [
      `Copied into PostgreSQL: ${houses}; ${added + existing} users (${added} new, ${existing} ` +
        'existing there: they keep their password and e-mail and gain access), ' +
        `${count('rooms')} rooms, ` +
        `${count('history_recent', 'history_hours', 'history_quarters')} history rows ` +
        `(samples, packed hours, 15-minute means), ${count('audit_log')} audit entries, ` +
        `${count('alarms')} alarms; ${all} rows in ${report.tables.size} tables.`,
      report.globalSettings === 'kept'
        ? "The file's global settings (the demo login) were not copied: the PostgreSQL database has its own."
        : report.globalSettings === 'copied'
          ? "The file's global settings (the demo login) were copied: the PostgreSQL database had none."
          : '',
      count('access_tokens') > 0
        ? 'Access tokens work there with the same TOKEN_SECRET (or a copy of DATA_DIR/token-secret).'
        : '',
    ]
      .filter(Boolean)
      .join('\n');
  } finally {
    await target.close();
  }
}
