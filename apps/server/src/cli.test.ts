import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string>) {
  const { HOME, PATH } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: serverRoot,
    env: { HOME, PATH, ...env },
    encoding: 'utf8',
  });
}

// Issue 32: run where the server does not keep its data, the CLI made an empty ./data and
// listed no users, as if the building had none.
it('refuses to work on a database that is not there, and creates nothing', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'raumregler-cli-'));
  const dataDir = path.join(dir, 'data');
  const run = cli(['user', 'list'], { DATA_DIR: dataDir });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(`Error: no database at ${path.join(dataDir, 'raumregler.sqlite')}`);
  expect(run.stdout).toBe('');
  expect(existsSync(dataDir)).toBe(false);

  const help = cli(['help'], { DATA_DIR: dataDir });
  expect(help.status).toBe(0);
  expect(help.stdout).toContain('Usage:');
  expect(existsSync(dataDir)).toBe(false);
});
