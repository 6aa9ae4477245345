// Starts the built server with the built web app, as deployed, on a free port with a throw-away
// data folder and the demo building; the simulation is frozen so every page load sees the same data.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const demoLogin = { username: 'demo', password: 'demo1234' };

/** The generated bench building (apps/server/src/test-support/generate-building.ts) and its one user. */
export const bigBuilding = { floors: 20, roomsPerFloor: 50 };
export const benchLogin = { username: 'bench', password: 'bench-password-1' };

/**
 * @param {{building?: 'demo' | 'big', env?: Record<string, string>}} [options] 'big': the
 *   1,000-room building (20 × 50), signed in as `benchLogin`; `env`: more server settings
 */
export async function startAppServer({ building = 'demo', env = {} } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-bench-app-'));
  const seedEnv = {};
  if (building === 'big') {
    const seedFile = path.join(dataDir, 'seed.json');
    const made = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/bench/write-building.ts',
        seedFile,
        String(bigBuilding.floors),
        String(bigBuilding.roomsPerFloor),
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    if (made.status !== 0) throw new Error(`write-building failed: ${made.stderr}`);
    seedEnv.SEED_FILE = seedFile;
  }
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SIM_SPEED: '0',
      LOG_LEVEL: 'info',
      ...seedEnv,
      ...env,
    },
  });
  let output = '';
  const origin = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output = (output + chunk.toString()).slice(-100_000);
      const match = /listening on (http:\/\/[\d.]+:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    origin,
    appUrl: `${origin}/re/home/`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until a first start's history backfill has written every room's history
 * (GET /api/history/status). A 1,000-room building fills in the background; measured while it
 * runs, the browser shares the machine's two cores with it.
 */
export async function backfillDone(origin, credentials, limitMs = 30 * 60_000) {
  const auth = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${origin}/api/history/status`, {
      headers: { authorization: auth },
    });
    const { backfill } = await response.json();
    if (backfill !== 'running') return { backfill, seconds: (Date.now() - started) / 1000 };
    if (Date.now() - started > limitMs) throw new Error('the backfill did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The stored sign-in the web app reads at start (lib/auth-storage.ts), for a signed-in first view. */
export const storedAuth = (username = demoLogin.username, password = demoLogin.password) =>
  JSON.stringify({ macAddress: 'localhost', username, password, deviceInfo: null });

export const AUTH_STORAGE_KEY = 'raumregler-auth-v1';
