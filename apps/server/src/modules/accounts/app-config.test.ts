import type { AppConfig } from '@raumregler/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../cli/commands.js';
import type * as Passwords from '../../platform/auth/passwords.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

// Every password check the server runs is counted.
const scrypts = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../platform/auth/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>();
  return {
    ...real,
    verifyPassword: (password: string, stored: string) => {
      scrypts.count += 1;
      return real.verifyPassword(password, stored);
    },
  };
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function appConfig(config: Parameters<typeof startTestServer>[0] = {}) {
  server ??= await startTestServer(config);
  const response = await server.request('/api/app-config');
  expect(response.status).toBe(200);
  return (await response.json()) as AppConfig;
}

const cli = async (...argv: string[]) => {
  const io = { out: () => {}, err: () => {} };
  expect(await runCli(argv, server!.app.store, io, Date.now)).toBe(0);
};

describe('GET /app-config', () => {
  it('answers without credentials: building name, demo login, closed registration', async () => {
    expect(await appConfig()).toEqual({
      buildingName: 'Musterhaus',
      houseId: 1,
      demoLogin: { username: 'demo', password: 'demo1234' },
      deviceUrlTemplate: null,
      registrationOpen: false,
      deviceMode: 'simulation',
    });
  });

  it('says proxy mode when UPSTREAM_URL puts a real device behind, and offers no demo sign-in', async () => {
    const proxy = {
      upstreamUrl: 'http://127.0.0.1:9',
      upstreamUser: 'g',
      upstreamPassword: 'g-pw',
    };
    expect(await appConfig({ config: proxy })).toMatchObject({
      deviceMode: 'proxy',
      demoLogin: null,
    });
  });

  it('says registration is open when ALLOW_REGISTRATION opened it', async () => {
    expect(await appConfig({ config: { allowRegistration: true } })).toMatchObject({
      registrationOpen: true,
    });
  });

  it('offers the demo sign-in only while it works, at one password check per password', async () => {
    expect((await appConfig()).demoLogin).toEqual({ username: 'demo', password: 'demo1234' });
    scrypts.count = 0;
    const both = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        server!.request(i % 2 ? '/app-config' : '/api/app-config'),
      ),
    );
    expect(both.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(scrypts.count).toBe(0);

    // Someone gave the demo account a password of its own: the pair would fail, so it goes.
    await cli('user', 'password', 'demo', '--password', 'eigenes-passwort-1');
    expect((await appConfig()).demoLogin).toBeNull();
    expect((await appConfig()).demoLogin).toBeNull();
    expect(scrypts.count).toBe(1);
    const signIn = await server!.request('/api/user', { auth: ['demo', 'demo1234'] });
    expect(signIn.status).toBe(401);

    // The seeded password set again (another hash): offered again.
    await cli('user', 'password', 'demo', '--password', 'demo1234');
    expect((await appConfig()).demoLogin).toEqual({ username: 'demo', password: 'demo1234' });
  });
});
