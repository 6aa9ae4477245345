import type BetterSqlite3 from 'better-sqlite3';
import { sql as raw, type Transaction } from 'kysely';
import { canonicalName } from '../auth/users.js';
import { signInChange } from '../auth/sign-in-changes.js';
import { announceChange } from './changes.js';
import type { Schema, Sql } from './schema.js';

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const BATCH_ROWS = 500;

/** What `db copy` copied. */
export interface CopyReport {
  /** The file's buildings: their id in the file, the house id they got, their name. */
  houses: { from: number; to: number; name: string }[];
  /** The file's accounts: inserted as new ones, or matched by name to one the target had. */
  users: { added: number; existing: number };
  /** Rows inserted per table, in the order they were copied. */
  tables: Map<string, number>;
  /** The file's global settings (demo login …): copied, or the target's kept (it had its own). */
  globalSettings: 'copied' | 'kept' | 'none';
}

export class CopyRefused extends Error {}

type Row = Record<string, unknown>;
type Tx = Transaction<Schema>;

/** Tables copied by their own rules, not by the loop over the rest. */
const OWN_RULES = new Set(['users', 'settings']);

/**
 * The SQLite database's tables in an order where every table comes after the tables its
 * foreign keys point at (read from SQLite itself, so a new module's tables need nothing here).
 */
function tablesInOrder(from: BetterSqlite3.Database): string[] {
  const rows = from
    .prepare(
      `select t.name as name, f."table" as parent
         from sqlite_schema t left join pragma_foreign_key_list(t.name) f
        where t.type = 'table' and t.name not like 'sqlite_%'
        order by t.name`,
    )
    .all() as { name: string; parent: string | null }[];
  const parents = new Map<string, Set<string>>();
  for (const { name, parent } of rows) {
    const set = parents.get(name) ?? new Set<string>();
    if (parent && parent !== name) set.add(parent);
    parents.set(name, set);
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const name of parents.keys()) visit(name, new Set());
  return ordered;
}

/**
 * A table's single-column references to another table's `id` (absence_rooms.absence_id →
 * absences, alarm_mails.alarm_id → alarms, house_access.user_id → users …): the columns whose
 * values follow the new ids their rows get in PostgreSQL.
 */
function idReferences(from: BetterSqlite3.Database, table: string): Map<string, string> {
  const keys = from
    .prepare(`select id, "table", "from", "to" from pragma_foreign_key_list(?)`)
    .all(table) as { id: number; table: string; from: string; to: string | null }[];
  const references = new Map<string, string>();
  for (const key of keys) {
    const columns = keys.filter((other) => other.id === key.id);
    if (columns.length === 1 && (key.to === 'id' || key.to === null)) {
      references.set(key.from, key.table);
    }
  }
  return references;
}

function columnsOf(from: BetterSqlite3.Database, table: string): string[] {
  return (
    from.prepare('select name from pragma_table_info(?)').all(table) as { name: string }[]
  ).map((column) => column.name);
}

/** `n` new ids from the table's identity sequence: the sequence stays ahead of every copied row. */
async function newIds(tx: Tx, table: string, n: number): Promise<number[]> {
  const { rows } = await raw<{ id: number }>`
    select nextval(pg_get_serial_sequence(${table}, 'id')) as id
      from generate_series(1, ${n})`.execute(tx);
  return rows.map((row) => Number(row.id));
}

/** A per-building setting's key (`history.backfill.1`): the house id it ends with. */
const settingHouse = (key: string) => /\.(\d+)$/.exec(key)?.[1];

/**
 * `db copy --to` (issue 37): the SQLite database's buildings (rooms, schedules, absences,
 * history, audit, alarms, devices) and its accounts (with their access, tokens and reset
 * links) into a migrated PostgreSQL that may hold other buildings already, in one transaction:
 * all of it, or nothing when anything fails or is refused.
 *
 * Each building keeps its house id, or with `houseId` (the file must hold exactly one) becomes
 * that house; a house id the target has already is refused, unless it is an empty building (no
 * floors, no one with access: what a server's first start on an empty database makes), which
 * the copy fills. Accounts are global: a name the target knows (compared as `canonicalName`)
 * keeps its account there (password, e-mail, tokens; the file's reset links for it are dropped)
 * and gains the copied building's access; other names become new accounts. Rows PostgreSQL
 * numbers (schedule points, absences, alarms and their mails, audit entries, tokens, reset
 * links, new accounts) get new ids from its sequences, and the rows that point at them follow.
 * Floors and rooms keep their numbers (they are per building). Per-building settings
 * (`history.backfill.<house>`) move to the new house id; global settings (the demo login) are
 * copied only into a target that has none of its own.
 */
export async function copyIntoPostgres(
  from: BetterSqlite3.Database,
  to: Sql,
  { houseId }: { houseId?: number } = {},
): Promise<CopyReport> {
  const buildings = from
    .prepare('select house_id, name from buildings order by house_id')
    .all() as { house_id: number; name: string }[];
  if (buildings.length === 0) throw new CopyRefused('the SQLite database holds no building');
  if (houseId !== undefined && buildings.length > 1) {
    throw new CopyRefused(
      `the SQLite database holds ${buildings.length} buildings (house ids ${buildings
        .map((b) => b.house_id)
        .join(', ')}); --house-id renumbers a single one: copy without it to keep their ids`,
    );
  }
  const houses = new Map(buildings.map((b) => [b.house_id, houseId ?? b.house_id]));
  const report: CopyReport = {
    houses: buildings.map((b) => ({ from: b.house_id, to: houses.get(b.house_id)!, name: b.name })),
    users: { added: 0, existing: 0 },
    tables: new Map(),
    globalSettings: 'none',
  };
  const tables = tablesInOrder(from);
  const referencesOf = new Map(tables.map((table) => [table, idReferences(from, table)]));
  const referencedTables = new Set(
    [...referencesOf.values()].flatMap((refs) => [...refs.values()]),
  );

  await to.transaction().execute(async (tx) => {
    // No building added or removed meanwhile (building add, a server's first start).
    await raw`lock table buildings in share row exclusive mode`.execute(tx);
    for (const { to: house } of report.houses) await claimHouse(tx, house);
    const labels = (
      from.prepare('select host_label from buildings where host_label is not null').all() as {
        host_label: string;
      }[]
    ).map((row) => row.host_label);
    for (const label of labels) {
      const taken = await tx
        .selectFrom('buildings')
        .select(['house_id', 'name'])
        .where('host_label', '=', label)
        .executeTakeFirst();
      if (taken) {
        throw new CopyRefused(
          `the host label "${label}" is building ${taken.house_id}'s ("${taken.name}") in the PostgreSQL database; nothing was copied`,
        );
      }
    }

    const identities = new Set(
      (
        await raw<{ table_name: string }>`select table_name from information_schema.columns
          where column_name = 'id' and is_identity = 'YES' and table_schema = current_schema()`.execute(
          tx,
        )
      ).rows.map((row) => row.table_name),
    );
    // Old id → new id, per table whose ids others point at.
    const ids = new Map<string, Map<number, number>>();
    const existingUsers = await copyUsers(from, tx, ids, report);

    for (const table of tables) {
      if (OWN_RULES.has(table)) continue;
      const columns = columnsOf(from, table);
      const references = referencesOf.get(table)!;
      const identity = identities.has(table) && columns.includes('id');
      const referenced = referencedTables.has(table);
      // A building's rows cannot meet the target's (the house is new there): a conflict is an
      // error. Of the rest only tokens (a hash the account there holds already) and sign-in
      // failures (a key the target counts too) can: those stay as the target has them.
      const lenient = !columns.includes('house_id');
      const map = new Map<number, number>();
      if (identity && referenced) ids.set(table, map);
      let copied = 0;
      let batch: Row[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        if (identity) {
          const fresh = await newIds(tx, table, batch.length);
          batch.forEach((row, i) => {
            if (referenced) map.set(row.id as number, fresh[i]!);
            row.id = fresh[i];
          });
        }
        const insert = tx.insertInto(table as never).values(batch as never);
        const result = await (
          lenient ? insert.onConflict((conflict) => conflict.doNothing()) : insert
        ).executeTakeFirst();
        copied += Number(result.numInsertedOrUpdatedRows ?? 0);
        batch = [];
      };
      // Read as it goes, a batch at a time: a large history never sits in memory at once.
      // In id order: into an empty database the rows keep their ids.
      const order = identity ? ' order by id' : '';
      for (const read of from.prepare(`select * from "${table}"${order}`).iterate()) {
        const row = { ...(read as Row) };
        if (columns.includes('house_id') && row.house_id !== null) {
          const house = houses.get(row.house_id as number);
          // A building removed from the file left this row behind (an audit entry): it
          // would belong to whichever building has that id in the target.
          if (house === undefined) continue;
          row.house_id = house;
        }
        if (table === 'password_reset_tokens' && existingUsers.has(row.user_id as number)) {
          continue; // the account there keeps its password: no link from the file resets it
        }
        for (const [column, parent] of references) {
          if (row[column] === null) continue;
          const mapped = ids.get(parent)?.get(row[column] as number);
          if (mapped === undefined) {
            throw new Error(`${table}.${column} ${String(row[column])} points at no ${parent} row`);
          }
          row[column] = mapped;
        }
        batch.push(row);
        if (batch.length === BATCH_ROWS) await flush();
      }
      await flush();
      report.tables.set(table, copied);
    }

    const settings = await copySettings(from, tx, houses);
    report.globalSettings = settings.global;
    report.tables.set('settings', settings.copied);
    // Running nodes forget the cached sign-ins of accounts that gained a building.
    for (const user of existingUsers.values()) {
      await announceChange('postgres', tx, signInChange(user));
    }
  });
  return report;
}

/**
 * Whether the target's house id is free: refused when a building with that id holds floors or
 * anyone's access; an empty one (a server's first start made it) is removed, to be filled.
 */
async function claimHouse(tx: Tx, house: number) {
  const taken = await tx
    .selectFrom('buildings')
    .select([
      'name',
      (eb) =>
        eb
          .selectFrom('floors')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('floors.house_id', '=', house)
          .as('floors'),
      (eb) =>
        eb
          .selectFrom('house_access')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('house_access.house_id', '=', house)
          .as('members'),
    ])
    .where('house_id', '=', house)
    .executeTakeFirst();
  if (!taken) return;
  if (Number(taken.floors) > 0 || Number(taken.members) > 0) {
    throw new CopyRefused(
      `building ${house} ("${taken.name}") already exists in the PostgreSQL database; ` +
        'copy as another house with --house-id <n> (building list there shows the ones taken). Nothing was copied',
    );
  }
  await tx.deleteFrom('buildings').where('house_id', '=', house).execute();
}

/**
 * The file's accounts: a name the target knows maps to that account (kept as it is there),
 * the others are inserted with new ids. Answers the file's ids of the accounts the target had.
 */
async function copyUsers(
  from: BetterSqlite3.Database,
  tx: Tx,
  ids: Map<string, Map<number, number>>,
  report: CopyReport,
): Promise<Map<number, number>> {
  const users = from.prepare('select * from users order by id').all() as Row[];
  const map = new Map<number, number>();
  const existing = new Map<number, number>();
  ids.set('users', map);
  const added: Row[] = [];
  for (const user of users) {
    const name = canonicalName(user.username as string);
    const there = await tx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', name))
      .executeTakeFirst();
    if (there) {
      map.set(user.id as number, there.id);
      existing.set(user.id as number, there.id);
      continue;
    }
    const email = canonicalName(user.email as string);
    const holder = await tx
      .selectFrom('users')
      .select('username')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    if (holder) {
      throw new CopyRefused(
        `the e-mail address of user "${String(user.username)}" is that of the account "${holder.username}" in the PostgreSQL database; ` +
          'change one of them first. Nothing was copied',
      );
    }
    added.push({ ...user });
  }
  for (let start = 0; start < added.length; start += BATCH_ROWS) {
    const batch = added.slice(start, start + BATCH_ROWS);
    const fresh = await newIds(tx, 'users', batch.length);
    batch.forEach((row, i) => {
      map.set(row.id as number, fresh[i]!);
      row.id = fresh[i];
    });
    await tx
      .insertInto('users' as never)
      .values(batch as never)
      .execute();
  }
  report.users = { added: added.length, existing: existing.size };
  report.tables.set('users', added.length);
  return existing;
}

/**
 * Per-building keys move with their building (to its new house id, replacing a stale one the
 * target may have); the global ones are copied only when the target has none of its own.
 */
async function copySettings(
  from: BetterSqlite3.Database,
  tx: Tx,
  houses: Map<number, number>,
): Promise<{ global: CopyReport['globalSettings']; copied: number }> {
  const settings = from.prepare('select key, value from settings order by key').all() as {
    key: string;
    value: string;
  }[];
  const global = settings.filter((setting) => settingHouse(setting.key) === undefined);
  let copied = 0;
  for (const { key, value } of settings) {
    const house = settingHouse(key);
    if (house === undefined) continue;
    const to = houses.get(Number(house));
    if (to === undefined) continue; // a building no longer in the file
    const moved = `${key.slice(0, -house.length)}${to}`;
    await tx
      .insertInto('settings')
      .values({ key: moved, value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
      .execute();
    copied += 1;
  }
  if (global.length === 0) return { global: 'none', copied };
  const theirs = (await tx.selectFrom('settings').select('key').execute()).filter(
    (setting) => settingHouse(setting.key) === undefined,
  );
  if (theirs.length > 0) return { global: 'kept', copied };
  await tx.insertInto('settings').values(global).execute();
  return { global: 'copied', copied: copied + global.length };
}
