import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The app's entry: origin + /re/home/ */
  appUrl: string;
  dataDir: string;
  /** Everything the server printed so far. */
  output: () => string;
  stop: () => Promise<void>;
  /** `kill -9`: the process dies at once, as in a crash or a lost machine. */
  kill: () => Promise<void>;
}

export interface ServerOptions {
  /** A seed object written to a file and passed as SEED_FILE; default: the demo building. */
  seed?: unknown;
  env?: Record<string, string>;
  /**
   * A data folder made by `seededDataFolder`: its database is copied in, so the server starts on
   * the demo building without importing it again (the import hashes every seeded password with
   * scrypt, about half of a start on a busy machine). Ignored with `seed`.
   */
  template?: string;
  /** Keep the data folder on stop (for `seededDataFolder`). */
  keepData?: boolean;
}

const DATABASE_FILE = 'raumregler.sqlite';

/**
 * Starts the real, built server on a free port with a throw-away data folder, and waits until
 * it listens. Each test gets its own, so no test sees another's writes.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-e2e-'));
  if (options.template && !options.seed) {
    copyFileSync(path.join(options.template, DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SIM_SPEED: '0',
    LOG_LEVEL: 'info',
    ...options.env,
  };
  if (options.seed) {
    const seedFile = path.join(dataDir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(options.seed));
    env.SEED_FILE = seedFile;
  }
  const child: ChildProcess = spawn('node', ['apps/server/dist/server.js'], { cwd: repoRoot, env });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    origin,
    appUrl: `${origin}/re/home/`,
    dataDir,
    output: () => output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A data folder holding the demo building as a fresh server seeds it, for `template`: made by
 * starting and stopping a server once (a clean stop leaves the whole database in one file).
 */
export async function seededDataFolder(): Promise<string> {
  const server = await startServer({ keepData: true });
  await server.stop();
  return server.dataDir;
}

/**
 * Changes a running server's database from outside, as an installer with SQLite would (the
 * state a test needs that no API sets, e.g. a frozen building's valves).
 */
export function sql(server: RunningServer, statement: string) {
  execFileSync(
    'node',
    [
      '-e',
      `const db = require('better-sqlite3')(process.argv[1]); db.prepare(process.argv[2]).run(); db.close();`,
      path.join(server.dataDir, 'raumregler.sqlite'),
      statement,
    ],
    { cwd: path.join(repoRoot, 'apps/server') },
  );
}

/**
 * `npm run cli -- …` as an operator types it, on a running test server's database (its
 * DATA_DIR); the server picks the change up within seconds. Resolves with what it printed.
 */
export async function cli(server: RunningServer, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('node', ['apps/server/dist/cli.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
  return stdout;
}
