import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test-support/free-port';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const prometheusPath = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
export const promtoolPath = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

/** Installs Debian's prometheus (with promtool) when missing, as root (scripts/ensure-prometheus.sh). */
export function ensurePrometheus() {
  execFileSync('bash', [path.join(repoRoot, 'scripts/ensure-prometheus.sh')], {
    stdio: 'inherit',
  });
}

/** How Prometheus authenticates at our `/metrics`. */
export type ScrapeCredentials =
  { basic: { username: string; password: string } } | { bearer: string };

/**
 * The scrape job's auth block (Prometheus 2.x YAML, indented for a job), the one place that
 * says how Prometheus signs in: Basic for a user, or an access token (`Authorization: Bearer`).
 */
export function scrapeAuth(credentials: ScrapeCredentials): string {
  if ('bearer' in credentials) {
    return [
      '    authorization:',
      '      type: Bearer',
      `      credentials: ${JSON.stringify(credentials.bearer)}`,
    ].join('\n');
  }
  return [
    '    basic_auth:',
    `      username: ${JSON.stringify(credentials.basic.username)}`,
    `      password: ${JSON.stringify(credentials.basic.password)}`,
  ].join('\n');
}

/** The prometheus.yml of one job scraping our server's `/metrics` every second. */
export function scrapeConfig(target: string, credentials: ScrapeCredentials): string {
  const url = new URL(target);
  return [
    'global:',
    '  scrape_interval: 1s',
    '  scrape_timeout: 1s',
    'scrape_configs:',
    '  - job_name: raumregler',
    '    metrics_path: /metrics',
    `    scheme: ${url.protocol.replace(':', '')}`,
    scrapeAuth(credentials),
    '    static_configs:',
    `      - targets: [${JSON.stringify(url.host)}]`,
    '',
  ].join('\n');
}

export interface RunningPrometheus {
  /** e.g. http://127.0.0.1:41235 */
  origin: string;
  /** Everything it logged so far. */
  output: () => string;
  /** An instant query's result vector (`/api/v1/query`). */
  query: (
    expression: string,
  ) => Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  stop: () => Promise<void>;
}

/**
 * Starts Debian's Prometheus on a free port with a throw-away storage folder, scraping `target`
 * (our server's origin) every second with `credentials`; resolves once it is ready.
 */
export async function startPrometheus(
  target: string,
  credentials: ScrapeCredentials,
): Promise<RunningPrometheus> {
  const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-prometheus-'));
  const configFile = path.join(dir, 'prometheus.yml');
  writeFileSync(configFile, scrapeConfig(target, credentials));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    prometheusPath,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`prometheus exited:\n${output}`);
      const ready = await fetch(`${origin}/-/ready`).catch(() => null);
      if (ready?.ok) break;
      if (Date.now() > deadline) throw new Error(`prometheus did not get ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    output: () => output,
    query: async (expression) => {
      const response = await fetch(
        `${origin}/api/v1/query?query=${encodeURIComponent(expression)}`,
      );
      const body = (await response.json()) as {
        status: string;
        data?: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== 'success' || !body.data) {
        throw new Error(`query ${expression} failed: ${JSON.stringify(body)}`);
      }
      return body.data.result;
    },
    stop,
  };
}
