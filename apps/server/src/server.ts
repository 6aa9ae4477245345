import { readFileSync } from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { importSeed } from './db/seed-import.js';
import { createBuildingRepository } from './db/repositories/building.js';
import { parseSeed, SeedError } from './domain/seed.js';

const demoSeedUrl = new URL('./seed/demo-building.json', import.meta.url);

async function main() {
  const config = loadConfig();
  const db = openDatabase(config.databaseFile);
  if (createBuildingRepository(db).isEmpty()) {
    const file = config.seedFile ?? demoSeedUrl;
    await importSeed(db, parseSeed(JSON.parse(readFileSync(file, 'utf8'))));
  }
  const app = await buildApp({ config, db });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Tests and scripts read this line to learn the port when PORT=0.
  app.log.info(`Raumregler listening on http://${config.host}:${port}/re/home/`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SeedError || error instanceof SyntaxError) {
    console.error(`Raumregler cannot start: ${error.message}`);
  } else {
    console.error('Raumregler cannot start:', error);
  }
  process.exit(1);
});
