import { existsSync } from 'node:fs';
import { databaseNeed, noDatabaseMessage, runCli, USAGE } from './cli/commands.js';
import { ConfigError, loadConfig } from './config.js';
import { loadTokenKey } from './platform/auth/token-key.js';
import { secureDataDir } from './platform/database/open.js';
import { openStore } from './platform/database/store.js';

/** `npm run cli -- …` (at the root; or `-w apps/server`): user and seed maintenance on the server's database. */
async function main() {
  // `npm run cli -w apps/server` runs in apps/server; relative paths (DATA_DIR, seed files)
  // mean the folder the user typed the command in, where `npm start` keeps ./data too.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig();
  const argv = process.argv.slice(2);
  const need = databaseNeed(argv);
  if (need === 'none') {
    console.log(USAGE);
    return;
  }
  // PostgreSQL (DATABASE_URL) is there or the connection says why; a SQLite file must exist.
  if (need === 'existing' && !config.databaseUrl && !existsSync(config.databaseFile)) {
    console.error(`Error: ${noDatabaseMessage(config.databaseFile)}`);
    process.exitCode = 1;
    return;
  }
  secureDataDir(config.dataDir);
  const store = await openStore(config);
  try {
    process.exitCode = await runCli(
      argv,
      store,
      {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      },
      Date.now,
      {
        proxy: config.upstreamUrl !== null,
        timeZone: config.timeZone,
        houseId: config.houseId,
        tokenKey: () => loadTokenKey(config),
      },
    );
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Error: ${error.message}` : error);
  process.exitCode = 1;
});
