import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

export { freePort };

/**
 * A real MQTT broker for tests (issue 36): Debian's mosquitto on a free port of 127.0.0.1 with
 * a throw-away config, no persistence. Usable from vitest and from the e2e tests. Installs
 * mosquitto first when it is missing (scripts/ensure-mosquitto.sh, as Chromium is), so a clean
 * machine running `npm test` needs nothing else.
 */
export interface Broker {
  port: number;
  /** `mqtt://127.0.0.1:PORT`, or with the first user's credentials when users were given. */
  url: string;
  /** `mqtt://user:pass@127.0.0.1:PORT` for any credentials (right or wrong). */
  urlWith(user: string, password: string): string;
  /** Kills the broker (SIGKILL: clients see the connection drop, no goodbye). */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same config (after kill). */
  start(): Promise<void>;
  /** Kills it and removes its folder. */
  stop(): Promise<void>;
}

export interface BrokerOptions {
  /** Users with passwords (a password file made with mosquitto_passwd); none = anonymous. */
  users?: Record<string, string>;
}

export const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';

function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'scripts', 'ensure-mosquitto.sh'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('scripts/ensure-mosquitto.sh not found above the test support');
    dir = parent;
  }
  return dir;
}

let ensured = false;

/** Installs mosquitto when missing (root with apt-get); throws with the script's advice otherwise. */
export function ensureMosquitto(): void {
  if (ensured) return;
  const script = path.join(repoRoot(), 'scripts', 'ensure-mosquitto.sh');
  const result = spawnSync('bash', [script], { encoding: 'utf8', stdio: 'pipe' });
  if (result.status !== 0)
    throw new Error(`mosquitto is missing: ${result.stderr || result.stdout}`);
  ensured = true;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startMosquitto(options: BrokerOptions = {}): Promise<Broker> {
  ensureMosquitto();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'raumregler-mosquitto-'));
  const port = await freePort();
  const users = Object.entries(options.users ?? {});
  const lines = [`listener ${port} 127.0.0.1`, 'persistence false', 'log_dest stderr'];
  // As root, mosquitto would switch to the `mosquitto` user, who cannot read our folder.
  if (process.getuid?.() === 0) lines.push('user root');
  if (users.length > 0) {
    const passwordFile = path.join(dir, 'passwords');
    writeFileSync(passwordFile, '');
    for (const [user, password] of users) {
      const made = spawnSync('mosquitto_passwd', ['-b', passwordFile, user, password], {
        encoding: 'utf8',
      });
      if (made.status !== 0) throw new Error(`mosquitto_passwd failed: ${made.stderr}`);
    }
    lines.push('allow_anonymous false', `password_file ${passwordFile}`);
  } else {
    lines.push('allow_anonymous true');
  }
  const configFile = path.join(dir, 'mosquitto.conf');
  writeFileSync(configFile, `${lines.join('\n')}\n`);

  let child: ChildProcess | null = null;
  let output = '';

  async function start(): Promise<void> {
    if (child) return;
    output = '';
    const started = spawn(MOSQUITTO, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exited = false;
    // A test run that ends without stop() (a crash, a timeout) leaves no broker behind.
    const onExit = () => started.kill('SIGKILL');
    process.once('exit', onExit);
    started.once('exit', () => {
      exited = true;
      process.off('exit', onExit);
      if (child === started) child = null;
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (exited) throw new Error(`mosquitto exited at start:\n${output}`);
      if (await accepts(port)) return;
      await sleep(25);
    }
    started.kill('SIGKILL');
    throw new Error(`mosquitto did not accept connections on ${port} within 10 s:\n${output}`);
  }

  async function kill(): Promise<void> {
    const running = child;
    if (!running) return;
    const gone = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await gone;
    child = null;
  }

  await start();
  const urlWith = (user: string, password: string) =>
    `mqtt://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const first = users[0];
  return {
    port,
    url: first ? urlWith(first[0], first[1]) : `mqtt://127.0.0.1:${port}`,
    urlWith,
    kill,
    start,
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
