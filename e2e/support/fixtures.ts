import { test as base, expect, type Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import { seededDataFolder, startServer, type RunningServer } from './server';

export const demo = { username: 'demo', password: 'demo1234' } as const;

interface Fixtures {
  /** Extra environment for the test's server, e.g. `test.use({ serverEnv: { LOG_LEVEL: 'debug' } })`. */
  serverEnv: Record<string, string>;
  server: RunningServer;
}

interface WorkerFixtures {
  /** The demo building's database as seeded, made afresh when older than 10 minutes. */
  seededData: () => Promise<string>;
}

// The seed stamps the sensors' last report with the time of the import; the app calls a report
// older than 30 minutes stale. A worker's copy is remade well before that.
const TEMPLATE_MAX_AGE_MS = 10 * 60_000;

/**
 * Every test talks to its own real server (demo building, frozen simulation) with its own copy
 * of the database; the building is seeded once per worker, not once per test.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  seededData: [
    async ({}, use) => {
      let template: { dir: string; at: number } | undefined;
      const drop = () => template && rmSync(template.dir, { recursive: true, force: true });
      await use(async () => {
        if (!template || Date.now() - template.at > TEMPLATE_MAX_AGE_MS) {
          drop();
          template = { at: Date.now(), dir: await seededDataFolder() };
        }
        return template.dir;
      });
      drop();
    },
    { scope: 'worker' },
  ],
  serverEnv: [{}, { option: true }],
  server: async ({ serverEnv, seededData }, use) => {
    // A test that seeds its own building starts from nothing.
    const template = 'SEED_FILE' in serverEnv ? undefined : await seededData();
    const server = await startServer({ env: serverEnv, template });
    await use(server);
    await server.stop();
  },
  baseURL: async ({ server }, use) => {
    await use(server.appUrl);
  },
});

/** Signs in through the login form, the way a person does. */
export async function signIn(
  page: Page,
  credentials: { username: string; password: string } = demo,
) {
  await page.goto('auth/login');
  await page.getByLabel(/Benutzername|Username/).fill(credentials.username);
  await page.getByLabel(/^(Passwort|Password)$/).fill(credentials.password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
}

export { expect };
