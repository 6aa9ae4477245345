import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';

/** apps/server/db/migrations/<engine>/, from src/ (tests) and dist/ (the built server) alike. */
export const migrationsDir = (engine: 'sqlite' | 'postgres') =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../db/migrations', engine);

/**
 * Applies the numbered SQL files not yet applied, each in its own transaction.
 * `user_version` holds the number of the last one, so a half-applied migration never sticks.
 *
 * Foreign keys are off while they run (SQLite's way to build a table anew: dropping the old one
 * must not cascade) and checked after each: a migration that leaves a dangling reference is
 * rolled back. `houseId` is the building the rows already here belong to (HOUSE_ID; migration
 * 019 reads it as `migration_input.house_id`).
 */
export function migrate(db: Database, { houseId = 1 }: { houseId?: number } = {}): number {
  const files = readdirSync(migrationsDir('sqlite'))
    .filter((name) => /^\d+-.+\.sql$/.test(name))
    .sort();
  const current = db.pragma('user_version', { simple: true }) as number;
  let applied = current;
  const pending = files.filter((file) => Number.parseInt(file, 10) > current);
  if (pending.length === 0) return applied;
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  db.exec('CREATE TEMP TABLE IF NOT EXISTS migration_input (house_id INTEGER NOT NULL)');
  db.prepare('DELETE FROM temp.migration_input').run();
  db.prepare('INSERT INTO temp.migration_input (house_id) VALUES (?)').run(houseId);
  try {
    for (const file of pending) {
      const version = Number.parseInt(file, 10);
      const sql = readFileSync(path.join(migrationsDir('sqlite'), file), 'utf8');
      db.transaction(() => {
        db.exec(sql);
        const dangling = db.pragma('foreign_key_check') as unknown[];
        if (dangling.length > 0) {
          throw new Error(`migration ${file} leaves ${dangling.length} dangling references`);
        }
        db.pragma(`user_version = ${version}`);
      })();
      applied = version;
    }
  } finally {
    db.exec('DROP TABLE IF EXISTS temp.migration_input');
    if (foreignKeys) db.pragma('foreign_keys = ON');
  }
  return applied;
}
