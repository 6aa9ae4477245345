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
 */
export function migrate(db: Database): number {
  const files = readdirSync(migrationsDir('sqlite'))
    .filter((name) => /^\d+-.+\.sql$/.test(name))
    .sort();
  const current = db.pragma('user_version', { simple: true }) as number;
  let applied = current;
  for (const file of files) {
    const version = Number.parseInt(file, 10);
    if (version <= current) continue;
    const sql = readFileSync(path.join(migrationsDir('sqlite'), file), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version}`);
    })();
    applied = version;
  }
  return applied;
}
