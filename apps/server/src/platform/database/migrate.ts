import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the numbered SQL files not yet applied, each in its own transaction.
 * `user_version` holds the number of the last one, so a half-applied migration never sticks.
 */
export function migrate(db: Database): number {
  const files = readdirSync(migrationsDir)
    .filter((name) => /^\d+-.+\.sql$/.test(name))
    .sort();
  const current = db.pragma('user_version', { simple: true }) as number;
  let applied = current;
  for (const file of files) {
    const version = Number.parseInt(file, 10);
    if (version <= current) continue;
    const sql = readFileSync(path.join(migrationsDir, file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    })();
    applied = version;
  }
  return applied;
}
