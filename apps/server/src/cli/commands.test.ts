import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { sqliteSql } from '../platform/database/sql.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../platform/database/open.js';
import { loadBuilding } from '../modules/building/cli.js';
import { createUsersRepository } from '../platform/auth/users.js';
import { verifyPassword } from '../platform/auth/passwords.js';
import { demoSeed } from '../test-support/test-server.js';
import { runCli } from './commands.js';
import { sqliteStore } from '../platform/database/store.js';

let db: Database.Database;
let out: string[];
let err: string[];
const run = (...argv: string[]) =>
  runCli(
    argv,
    sqliteStore(db),
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    Date.now,
  );

beforeEach(() => {
  db = openDatabase(':memory:');
  out = [];
  err = [];
});
afterEach(() => db.close());

describe('cli', () => {
  it('prints usage for help and nothing', async () => {
    expect(await run('help')).toBe(0);
    expect(out.join('\n')).toContain('user add <username>');
    expect(await run()).toBe(0);
  });

  it('adds a user who can then sign in, and sets their access', async () => {
    expect(
      await run(
        'user',
        'add',
        'hausmeister',
        '--email',
        'hm@example.com',
        '--password',
        'geheim123',
        '--pro',
        'full',
      ),
    ).toBe(0);
    const users = createUsersRepository(sqliteSql(db), 1);
    const user = (await users.findByUsername('hausmeister'))!;
    expect(user).toMatchObject({ accessSmart: 'no-access', accessPro: 'full' });
    expect(await verifyPassword('geheim123', user.passwordHash)).toBe(true);

    expect(await run('user', 'access', 'hausmeister', '--smart', 'permanent')).toBe(0);
    expect(await users.findByUsername('hausmeister')).toMatchObject({
      accessSmart: 'permanent',
      accessPro: 'full',
    });
    expect(await run('user', 'list')).toBe(0);
    expect(out.at(-1)).toBe('hausmeister\thm@example.com\tsmart=permanent\tpro=full');
  });

  it('resets a password, generating one when none is given', async () => {
    await run('user', 'add', 'anna', '--email', 'anna@example.com', '--password', 'erstes-pw');
    expect(await run('user', 'password', 'anna')).toBe(0);
    const generated = out.at(-1)!.replace('Password: ', '');
    const user = (await createUsersRepository(sqliteSql(db), 1).findByUsername('anna'))!;
    expect(await verifyPassword(generated, user.passwordHash)).toBe(true);
    expect(await verifyPassword('erstes-pw', user.passwordHash)).toBe(false);
  });

  it('explains mistakes with exit code 2 and failures with exit code 1', async () => {
    expect(await run('user', 'add', 'x', '--email', 'not-an-address')).toBe(2);
    expect(err[0]).toContain('--email');
    expect(await run('user', 'access', 'x', '--smart', 'admin')).toBe(2);
    expect(err.join('\n')).toContain('no-access, read, full, permanent');
    expect(await run('user', 'add', 'x', '--email', 'x@example.com', '--password', 'short')).toBe(
      2,
    );
    expect(await run('user', 'frobnicate')).toBe(2);
    expect(await run('user', 'list', '--colour')).toBe(2);
    expect(await run('user', 'password', 'nobody')).toBe(1);
    expect(err.at(-1)).toContain('no user named "nobody"');
    await run('user', 'add', 'x', '--email', 'x@example.com');
    expect(await run('user', 'add', 'x', '--email', 'y@example.com')).toBe(1);
  });

  it('imports a seed file, and names the bad field of a broken one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-cli-'));
    try {
      const good = path.join(dir, 'good.json');
      writeFileSync(good, JSON.stringify(demoSeed()));
      expect(await run('seed', 'import', good)).toBe(0);
      expect(out.at(-1)).toBe('Imported "Musterhaus": 2 floors, 7 rooms, 4 users.');
      expect((await loadBuilding(sqliteSql(db), 'sqlite', Date.now, 1)).findRoom(2)?.name).toBe(
        'Küche',
      );

      const broken = structuredClone(demoSeed()) as unknown as {
        floors: { rooms: { target: unknown }[] }[];
      };
      broken.floors[1]!.rooms[0]!.target = 'warm';
      const bad = path.join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify(broken));
      expect(await run('seed', 'import', bad)).toBe(1);
      expect(err.at(-1)).toContain('$.floors[1].rooms[0].target');
      expect(await run('seed', 'import', path.join(dir, 'missing.json'))).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
