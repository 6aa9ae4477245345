import { readFileSync } from 'node:fs';
import type { Config } from './config.js';
import { secureDataDir } from './platform/database/open.js';
import { openStore, type Store } from './platform/database/store.js';
import { DEMO_SEED_FILE } from './modules/building/cli.js';
import { createBuildingRepository } from './modules/building/repository.js';
import { importSeed } from './modules/building/seed-import.js';
import { parseSeed, SeedError, type Seed } from './modules/building/seed.js';

/**
 * Narrows DATA_DIR to 0700 (secureDataDir), opens the database (DATABASE_URL's PostgreSQL or the
 * SQLite file) and, when it is empty, applies SEED_FILE (or the demo building). A seed
 * that breaks the shape throws a SeedError naming the bad field, before anything is written;
 * so does a SEED_FILE whose `building.houseId` is not HOUSE_ID (the API would answer every call
 * of the web app with 404 otherwise). A seed without `houseId`, and the demo building, take
 * HOUSE_ID. `now` is the app's clock (the seed's sensor readings and users are stamped with it).
 */
export async function openSeededDatabase(config: Config, now: () => number): Promise<Store> {
  secureDataDir(config.dataDir);
  const store = await openStore(config);
  try {
    const { sql } = store;
    if (await createBuildingRepository(sql, now, config.houseId).isEmpty()) {
      const file = config.seedFile ?? DEMO_SEED_FILE;
      const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const seed = withoutDemoUsers(parseSeed(raw), config);
      await importSeed(sql, withHouseId(seed, raw, config), now());
    }
    return store;
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * In proxy mode our users sign in and the server writes to a real building with its device
 * account: the demo building's users and their published passwords (demo/demo1234) must not
 * exist there. Its building name stays; users come from the CLI (README) or a SEED_FILE.
 */
function withoutDemoUsers(seed: Seed, config: Config): Seed {
  if (!config.upstreamUrl || config.seedFile) return seed;
  return { ...seed, users: [], building: { ...seed.building, demoLogin: undefined } };
}

/** The seed with HOUSE_ID as its house id, or a SeedError naming both when SEED_FILE says another. */
function withHouseId(seed: Seed, raw: unknown, config: Config): Seed {
  const given = (raw as { building: { houseId?: unknown } }).building.houseId;
  if (config.seedFile && given !== undefined && seed.building.houseId !== config.houseId) {
    throw new SeedError(
      '$.building.houseId',
      `houseId ${seed.building.houseId} in ${config.seedFile} differs from HOUSE_ID ${config.houseId}` +
        ` (the API serves house ${config.houseId} only); set HOUSE_ID=${seed.building.houseId}` +
        ` or change the seed's houseId to ${config.houseId}`,
    );
  }
  return { ...seed, building: { ...seed.building, houseId: config.houseId } };
}
