import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migratePostgres, openPostgres } from '../platform/database/postgres.js';
import { freePort } from './free-port.js';

/**
 * A real PostgreSQL for tests (issue 37): Debian's `postgresql` started as a throw-away cluster
 * in a temporary folder, on a free port of 127.0.0.1 (and a unix socket in that folder), fsync
 * on, as it runs in production. PostgreSQL refuses to run as root: as root, the cluster runs as
 * the system user `raumregler-pg` (created when missing; `setpriv`, which execs, so the child
 * we hold is the postmaster itself). Installs PostgreSQL first when it is missing
 * (scripts/ensure-postgres.sh, as Chromium and mosquitto are).
 *
 * The test database is owned by a role that is NOT a superuser (`raumregler`), as in
 * production, where migrations run as the database's owner.
 */
export interface PostgresCluster {
  port: number;
  /** `postgres://raumregler:PW@127.0.0.1:PORT/raumregler`: the owner's empty database. */
  url: string;
  /** The cluster's superuser, on the `postgres` database (for the harness and for checks). */
  adminUrl: string;
  /** A fresh, empty database owned by the same role; its URL. */
  newDatabase(name?: string): Promise<string>;
  /**
   * A fresh database with the current schema (db/migrations/postgres/ applied, as the owner),
   * owned by the same role; its URL. The migrations run once per cluster, into a template
   * that each call copies (CREATE DATABASE … TEMPLATE): tens of ms instead of hundreds.
   */
  migratedDatabase(name?: string): Promise<string>;
  /** Stops the cluster (immediate shutdown) and removes its folder. */
  stop(): Promise<void>;
}

export const OWNER = 'raumregler';
const SYSTEM_USER = 'raumregler-pg';
const ADMIN = 'admin';

function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'scripts', 'ensure-postgres.sh'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('scripts/ensure-postgres.sh not found above the test support');
    dir = parent;
  }
  return dir;
}

let ensured = false;

/** Installs PostgreSQL when missing (root with apt-get); throws with the script's advice otherwise. */
export function ensurePostgres(): void {
  if (ensured) return;
  const script = path.join(repoRoot(), 'scripts', 'ensure-postgres.sh');
  const result = spawnSync('bash', [script], { encoding: 'utf8', stdio: 'pipe' });
  if (result.status !== 0)
    throw new Error(`PostgreSQL is missing: ${result.stderr || result.stdout}`);
  ensured = true;
}

/** The folder holding initdb and postgres: POSTGRES_BIN, else Debian's newest version. */
function binDir(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((name) => existsSync(path.join('/usr/lib/postgresql', name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no /usr/lib/postgresql/*/bin/initdb');
  return path.join('/usr/lib/postgresql', versions[0]!, 'bin');
}

interface RunAs {
  uid: number;
  gid: number;
}

/** As root: the unprivileged system user the cluster runs as (created once when missing). */
function systemUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => {
    const found = spawnSync('getent', ['passwd', SYSTEM_USER], { encoding: 'utf8' });
    if (found.status !== 0) return null;
    const [, , uid, gid] = found.stdout.trim().split(':');
    return { uid: Number(uid), gid: Number(gid) };
  };
  const existing = lookup();
  if (existing) return existing;
  // Test files start in parallel: one useradd at a time (the ensure scripts' lock; a second
  // useradd would find /etc/passwd locked), and one that waited finds the user made.
  const lock = path.join(os.tmpdir(), 'raumregler-apt.lock');
  const added = spawnSync(
    'flock',
    [
      lock,
      'sh',
      '-c',
      'getent passwd "$1" >/dev/null || useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$1"',
      'useradd',
      SYSTEM_USER,
    ],
    { encoding: 'utf8' },
  );
  const made = lookup();
  if (!made) {
    throw new Error(
      `could not create the system user ${SYSTEM_USER} for PostgreSQL: ${added.stderr}`,
    );
  }
  return made;
}

/** The command line that runs `binary` as the cluster's user. */
function command(runAs: RunAs | null, binary: string, args: string[]): [string, string[]] {
  if (!runAs) return [binary, args];
  return [
    'setpriv',
    [`--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--clear-groups', '--', binary, ...args],
  ];
}

/**
 * `sh -c WATCHDOG name DIR POSTGRES ARGS…`: starts postgres and exits with it. When its stdin,
 * our pipe, reaches its end (stop(), or this process gone) while postgres runs, it stops it
 * (SIGQUIT, immediate shutdown) and removes DIR once postgres is gone. A postgres that exited
 * by itself (a port taken) leaves DIR for the next try (Node closes the pipe when sh exits). A background job's stdin is /dev/null in sh, so
 * the pipe is kept on fd 3 for the watcher.
 */
const WATCHDOG = `dir=$1; shift
exec 3<&0
"$@" </dev/null &
pid=$!
{
  cat <&3 >/dev/null
  if kill -QUIT "$pid" 2>/dev/null; then
    while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
    rm -rf "$dir"
  fi
} &
exec 3<&-
wait "$pid"`;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function startPostgres(): Promise<PostgresCluster> {
  ensurePostgres();
  const bin = binDir();
  const runAs = systemUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'raumregler-postgres-'));
  const data = path.join(dir, 'data');
  const adminPassword = randomBytes(12).toString('hex');
  const ownerPassword = randomBytes(12).toString('hex');
  const passwordFile = path.join(dir, 'admin-password');
  writeFileSync(passwordFile, `${adminPassword}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(dir, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }

  // --no-sync: initdb's own final flush of the template files (a throw-away cluster need not
  // survive a power cut before its first start); the running server keeps fsync on.
  const [initdb, initArgs] = command(runAs, path.join(bin, 'initdb'), [
    '--pgdata',
    data,
    '--username',
    ADMIN,
    '--pwfile',
    passwordFile,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const initialised = spawnSync(initdb, initArgs, { encoding: 'utf8', cwd: dir });
  rmSync(passwordFile, { force: true });
  if (initialised.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${initialised.stderr || initialised.stdout}`);
  }

  // The postmaster runs under a small shell that holds our end of a pipe: when this process
  // ends in any way (also SIGKILL, or a test worker torn down), the pipe closes and the shell
  // stops the cluster at once (SIGQUIT) and removes its folder. No cluster outlives its tests.
  const launch = (port: number) => {
    const [shell, serverArgs] = command(runAs, '/bin/sh', [
      '-c',
      WATCHDOG,
      'postgres-watchdog',
      dir,
      path.join(bin, 'postgres'),
      '-D',
      data,
      '-c',
      `port=${port}`,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${dir}`,
      // Durability is what the tests check: a commit is on disk before it is acknowledged.
      '-c',
      'fsync=on',
      '-c',
      'synchronous_commit=on',
      '-c',
      'max_connections=100',
    ]);
    const child: ChildProcess = spawn(shell, serverArgs, {
      stdio: ['pipe', 'pipe', 'pipe'],
      cwd: dir,
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`PostgreSQL did not start within 20 s:\n${output}`)),
        20_000,
      );
      // The log is read to its end (a full pipe would stall the server), kept until ready.
      let started = false;
      const onData = (chunk: Buffer) => {
        if (started) return;
        output += chunk.toString();
        if (output.includes('database system is ready to accept connections')) {
          started = true;
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL exited at start (${code}):\n${output}`));
      });
    });
    return { child, exited, ready };
  };

  // Another process may take the free port before postgres binds it: then a new port.
  let port = await freePort();
  let server = launch(port);
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await server.ready.then(
      () => null,
      (error: Error) => error,
    );
    if (!outcome) break;
    if (attempt >= 3 || !/could not bind|already in use/i.test(outcome.message)) {
      server.child.stdin?.end();
      await server.exited;
      rmSync(dir, { recursive: true, force: true });
      throw outcome;
    }
    await server.exited;
    port = await freePort();
    server = launch(port);
  }
  const { child, exited } = server;
  // A test run that ends without stop() (a crash, a timeout): the watchdog stops the cluster
  // when the pipe closes; the folder goes now if the cluster's user may not remove it.
  const onExit = () => {
    child.stdin?.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const stop = async () => {
    process.off('exit', onExit);
    // Closing the pipe makes the watchdog shut the cluster down at once (SIGQUIT: nothing of a
    // throw-away cluster needs a checkpoint).
    child.stdin?.end();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  const adminUrl = `postgres://${ADMIN}:${adminPassword}@127.0.0.1:${port}/postgres`;
  const urlOf = (database: string) =>
    `postgres://${OWNER}:${ownerPassword}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const asAdmin = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };

  let databases = 0;
  const newDatabase = async (name = `test_${++databases}`) => {
    await asAdmin([`CREATE DATABASE ${quoteIdent(name)} OWNER ${quoteIdent(OWNER)}`]);
    return urlOf(name);
  };

  let template: Promise<string> | null = null;
  const migrated = async () => {
    const name = 'raumregler_migrated';
    const db = await openPostgres(await newDatabase(name));
    try {
      await migratePostgres(db.sql);
    } finally {
      // A template must have no connections while it is copied.
      await db.close();
    }
    return name;
  };
  const migratedDatabase = async (name = `test_${++databases}`) => {
    template ??= migrated();
    const from = await template;
    await asAdmin([
      `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(from)} OWNER ${quoteIdent(OWNER)}`,
    ]);
    return urlOf(name);
  };

  try {
    // The owner may log in and own databases, nothing more (no superuser, no CREATEDB, no
    // CREATEROLE): what a hosted PostgreSQL gives an application.
    await asAdmin([
      `CREATE ROLE ${quoteIdent(OWNER)} LOGIN PASSWORD '${ownerPassword}' NOSUPERUSER NOCREATEDB NOCREATEROLE`,
    ]);
    const url = await newDatabase(OWNER);
    return { port, url, adminUrl, newDatabase, migratedDatabase, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
