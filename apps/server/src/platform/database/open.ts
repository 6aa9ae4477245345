import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';

/** Owner only: the database holds password hashes, reset tokens and the building's history. */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Makes DATA_DIR (mail files, and the database unless DATABASE_FILE lies elsewhere) readable by
 * the server's user only on every start, also when it was there before with 0755 (issue 31):
 * mkdir's mode applies only to a folder it creates. A folder another user owns (a mounted
 * volume) cannot be changed by us and is left as it is; its owner decides.
 */
export function secureDataDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  try {
    chmodSync(dir, FOLDER_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/**
 * Creates the data folder (0700) and the database file (0600) readable by the server's user
 * only, whatever the umask; SQLite gives the -wal and -shm files the database file's mode.
 * A database file from before is narrowed to 0600 too.
 */
function prepareFiles(file: string) {
  mkdirSync(path.dirname(file), { recursive: true, mode: FOLDER_MODE });
  if (!existsSync(file)) closeSync(openSync(file, 'a', FILE_MODE));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(each)) chmodSync(each, FILE_MODE);
  }
}

/** Opens the database durable and consistent: WAL, full sync, foreign keys, migrations. */
export function openDatabase(
  file: string,
  { houseId = 1 }: { houseId?: number } = {},
): Database.Database {
  if (file !== ':memory:') prepareFiles(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before we answer; NORMAL could lose the last writes on power loss.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // SQLite's own default page cache, 2 MB. better-sqlite3 builds with 16 MB, which a 1,000-room
  // backfill fills and the process keeps: 14 MB of RSS for reads the OS's file cache serves in
  // microseconds (decision 47).
  db.pragma('cache_size = -2000');
  migrate(db, { houseId });
  return db;
}
