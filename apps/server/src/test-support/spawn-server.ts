import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

export { freePort };

/** apps/server, wherever this file is run from. */
export const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  pid: number;
  dataDir: string;
  /** Everything the process printed so far. */
  output: () => string;
  /** Resident set size of the server process now, in MB (Linux /proc). */
  rssMb: () => number;
  /** Graceful stop (SIGTERM), then the data folder is removed unless `keepData`. */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
  /** Hard kill, as a power cut would: no shutdown hook runs. */
  kill: () => Promise<void>;
}

export interface ChildServerOptions {
  /**
   * 'dist' runs the built server (as deployed); 'src' runs the sources through tsx; `{ dist }`
   * runs the server.js of another build folder (bench/compare.ts: two builds side by side).
   */
  entry?: 'dist' | 'src' | { dist: string };
  /** A seed object to write into the data folder and pass as SEED_FILE. */
  seed?: unknown;
  /** Reuse a data folder (a restart); default: a fresh temporary one. */
  dataDir?: string;
  env?: Record<string, string>;
  /** CPU list for `taskset -c` (e.g. '0'): the process and all its threads run only there. */
  cpus?: string;
}

/** The command line, under `taskset -c CPUS` when CPUs are given (taskset execs: same pid). */
function pinned(cpus: string | undefined, command: string, args: string[]): [string, string[]] {
  return cpus === undefined ? [command, args] : ['taskset', ['-c', cpus, command, ...args]];
}

/** Reads VmRSS of a process; the bench budgets memory the way an operator's `ps` shows it. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/**
 * Waits until the process answers HTTP. Polling instead of reading the "listening" log line lets
 * the server run at LOG_LEVEL=warn, so request logging does not skew the measurements.
 */
async function waitForListening(child: ChildProcess, origin: string, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) before listening:\n${output()}`,
      );
    }
    try {
      await fetch(origin, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in time:\n${output()}`);
}

function wrap(child: ChildProcess, origin: string, dataDir: string, output: () => string) {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    origin,
    pid: child.pid!,
    dataDir,
    output,
    rssMb: () => rssOf(child.pid!),
    stop: async ({ keepData = false } = {}) => {
      await end('SIGTERM');
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
  } satisfies ChildServer;
}

/** Starts the Raumregler server in its own process on a free port and waits until it listens. */
export async function startChildServer(options: ChildServerOptions = {}): Promise<ChildServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'raumregler-bench-'));
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SIM_SPEED: '0',
    WEB_DIST: '',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  if (options.seed !== undefined) {
    const seedFile = path.join(dataDir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(options.seed));
    env.SEED_FILE = seedFile;
  }
  const { entry = 'dist' } = options;
  const args =
    entry === 'src'
      ? ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')]
      : [path.resolve(entry === 'dist' ? path.join(serverRoot, 'dist') : entry.dist, 'server.js')];
  const child = spawn(...pinned(options.cpus, process.execPath, args), { cwd: serverRoot, env });
  let text = '';
  const output = () => text;
  // Keep draining the pipes for the whole life of the process: a full pipe would block it.
  child.stdout.on('data', (chunk: Buffer) => (text = (text + chunk.toString()).slice(-200_000)));
  child.stderr.on('data', (chunk: Buffer) => (text = (text + chunk.toString()).slice(-200_000)));
  const origin = `http://127.0.0.1:${port}`;
  await waitForListening(child, origin, output);
  return wrap(child, origin, dataDir, output);
}

/** Starts the bare Fastify hello-world, the yardstick for what this machine can serve. */
export async function startHelloWorld(
  env: Record<string, string> = {},
  cpus?: string,
): Promise<ChildServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-hello-'));
  const port = await freePort();
  const child = spawn(
    ...pinned(cpus, process.execPath, [path.join(serverRoot, 'bench/hello-world.mjs')]),
    { cwd: serverRoot, env: { ...process.env, ...env, PORT: String(port) } },
  );
  let text = '';
  const output = () => text;
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  await waitForListening(child, origin, output);
  return wrap(child, origin, dataDir, output);
}
