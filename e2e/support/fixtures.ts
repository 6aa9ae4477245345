import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server';

export const demo = { username: 'demo', password: 'demo1234' } as const;

interface Fixtures {
  /** Extra environment for the test's server, e.g. `test.use({ serverEnv: { LOG_LEVEL: 'debug' } })`. */
  serverEnv: Record<string, string>;
  server: RunningServer;
}

/** Every test talks to its own real server (demo building, frozen simulation). */
export const test = base.extend<Fixtures>({
  serverEnv: [{}, { option: true }],
  server: async ({ serverEnv }, use) => {
    const server = await startServer({ env: serverEnv });
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
