import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type * as NodeCrypto from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CreatedToken } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../platform/database/open.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { sqliteStore } from '../../platform/database/store.js';

// Issue 35: a token is on disk only as its keyed hash; the key lives beside the database
// (DATA_DIR/token-secret, 0600) or in TOKEN_SECRET. The sign-in compares digests in constant
// time: the spy counts crypto.timingSafeEqual's calls.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const TOKEN_KEY_FILE = 'token-secret';

describe('tokens on disk', () => {
  let dir: string;
  let server: TestServer;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'raumregler-tokens-'));
  });
  afterEach(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const databaseFile = () => path.join(dir, 'raumregler.sqlite');
  const start = (config = {}) =>
    startTestServer({ config: { dataDir: dir, databaseFile: databaseFile(), ...config } });
  const create = async () => {
    const response = await server.request('/api/tokens/', {
      method: 'POST',
      body: new URLSearchParams({
        user: 'demo',
        password: 'demo1234',
        name: 'Disk',
        access: 'read',
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as CreatedToken).token;
  };

  it('keeps only a keyed hash in the database; the key lives in DATA_DIR/token-secret (0600)', async () => {
    server = await start();
    const { token: secret } = await create();
    vi.mocked(timingSafeEqual).mockClear();
    const used = await server.request('/get/json/v1/1/temps/', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(used.status).toBe(200);
    // The sign-in compared the stored digest with the sent one's in constant time.
    expect(vi.mocked(timingSafeEqual)).toHaveBeenCalledTimes(1);
    await server.app.commit(() => undefined);
    const row = server.app.store.sqlite!.prepare('SELECT * FROM access_tokens').get() as Record<
      string,
      unknown
    >;
    await server.close();

    const keyFile = path.join(dir, TOKEN_KEY_FILE);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(row.token_hash).toBe(createHmac('sha256', key).update(secret).digest('hex'));
    expect(row.token_hash).not.toBe(createHash('sha256').update(secret).digest('hex'));
    expect(row.last_used_at).not.toBeNull();
    for (const file of [databaseFile(), `${databaseFile()}-wal`]) {
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file).toString('latin1');
      expect(bytes).not.toContain('rr_');
      expect(bytes).not.toContain(secret.slice(3));
    }

    // The same key after a restart: the token still works.
    const db = openDatabase(databaseFile());
    const app = await buildApp({
      config: { ...loadConfig({}), dataDir: dir, databaseFile: databaseFile(), webDist: null },
      store: sqliteStore(db),
      logger: false,
    });
    const again = await app.inject({
      url: '/get/json/v1/1/temps/',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(again.statusCode).toBe(200);
    await app.close();
    db.close();
  });

  it('takes TOKEN_SECRET as the key when set, and writes no key file', async () => {
    const tokenSecret = 'x'.repeat(40);
    server = await start({ tokenSecret });
    const { token: secret } = await create();
    const row = server.app.store.sqlite!.prepare('SELECT token_hash FROM access_tokens').get() as {
      token_hash: string;
    };
    expect(row.token_hash).toBe(createHmac('sha256', tokenSecret).update(secret).digest('hex'));
    expect(existsSync(path.join(dir, TOKEN_KEY_FILE))).toBe(false);
  });

  it('refuses a TOKEN_SECRET shorter than 32 characters, without echoing it', () => {
    expect(() => loadConfig({ TOKEN_SECRET: 'kurz-und-geheim' })).toThrow(/TOKEN_SECRET/);
    expect(() => loadConfig({ TOKEN_SECRET: 'kurz-und-geheim' })).not.toThrow(/kurz/);
  });
});
