import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * Tables our timers write whatever the requests do: the history recorder samples every room at
 * each interval's start (a minute boundary inside a test run would change them). No request
 * writes them, so leaving them out hides no request's change.
 */
const RECORDED_BY_TIMERS = new Set(['history_recent', 'history_hours', 'history_quarters']);

/**
 * The failure limits' counts (issue 37: in the database, shared by the nodes): every failed
 * sign-in counts there by design, and nothing a user could see or use is in them.
 */
const COUNTED_BY_FAILED_SIGN_INS = new Set(['sign_in_failures']);

/**
 * Columns a successful sign-in writes (issue 34: the last sign-in, at most once a minute per
 * user): a valid read notes it, so it is no change a request made to the building or accounts.
 */
const NOTED_BY_SIGN_INS: Record<string, string> = { users: 'last_sign_in_at' };

/**
 * A hash over every row of every table but the recorders' (rows sorted, so tables without rowid
 * work too). Two equal checksums mean no request changed anything a user could see, nor anything
 * they could not (tokens, hashes).
 */
export function databaseChecksum(
  db: Database.Database,
  options: {
    /**
     * Leave out the audit entries of sign-ins refused because a client hit the failure limit:
     * the server records them by design when it is attacked (npm run malformed sends more than
     * 50 bad sign-ins from one address), and they change nothing a user could use.
     */
    ignoreRefusedSignIns?: boolean;
  } = {},
): string {
  const hash = createHash('sha256');
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  for (const table of tables) {
    if (RECORDED_BY_TIMERS.has(table) || COUNTED_BY_FAILED_SIGN_INS.has(table)) continue;
    hash.update(`\u0000table ${table}\u0000`);
    const where =
      options.ignoreRefusedSignIns && table === 'audit_log'
        ? " WHERE action <> 'sign-in-refused'"
        : '';
    const skipped = NOTED_BY_SIGN_INS[table];
    const columns = skipped
      ? (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
          .map((column) => column.name)
          .filter((name) => name !== skipped)
          .map((name) => `"${name}"`)
          .join(', ')
      : '*';
    const rows = db
      .prepare(`SELECT ${columns} FROM "${table.replaceAll('"', '""')}"${where}`)
      .raw()
      .all()
      .map((row) => JSON.stringify(row))
      .sort();
    for (const row of rows) hash.update(`${row}\n`);
  }
  return hash.digest('hex');
}
