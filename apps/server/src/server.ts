import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { SeedError } from './modules/building/seed.js';
import { openSeededDatabase } from './startup.js';

async function main() {
  const config = loadConfig();
  // The one clock of the process: the seed, the app and everything in it read this.
  const now = Date.now;
  const store = await openSeededDatabase(config, now);
  const app = await buildApp({ config, store, now });
  // The simulation's history backfill on first start: a small building's before we answer, a
  // big one's in the background (GET /api/history/status says when it is done).
  for (const house of app.houses.list()) await app.historyOf(house).startBackfill();
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
