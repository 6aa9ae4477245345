import { readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { Config } from './config.js';
import { openDatabase } from './db/open.js';
import { createBuildingRepository } from './db/repositories/building.js';
import { importSeed } from './db/seed-import.js';
import { parseSeed } from './domain/seed.js';

const demoSeedUrl = new URL('./seed/demo-building.json', import.meta.url);

/**
 * Opens the database and, when it is empty, applies SEED_FILE (or the demo building). A seed
 * that breaks the shape throws a SeedError naming the bad field, before anything is written.
 * `now` is the app's clock (the seed's sensor readings and users are stamped with it).
 */
export async function openSeededDatabase(
  config: Config,
  now: () => number,
): Promise<Database.Database> {
  const db = openDatabase(config.databaseFile);
  try {
    if (createBuildingRepository(db, now).isEmpty()) {
      const file = config.seedFile ?? demoSeedUrl;
      await importSeed(db, parseSeed(JSON.parse(readFileSync(file, 'utf8'))), now());
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
