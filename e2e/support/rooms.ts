import type { APIRequestContext, Page } from '@playwright/test';
import { demo, expect } from './fixtures';
import type { RunningServer } from './server';

/** Signs in and opens a room-control path, waiting until the page shows it. */
export async function signInAndOpen(
  page: Page,
  path: string,
  credentials: { username: string; password: string } = demo,
) {
  await page.goto('auth/login');
  const username = page.getByLabel(/Benutzername|Username/);
  // The form prefills the demo login once the server's app config arrives; fill after that.
  await expect(username).toHaveValue(demo.username);
  await username.fill(credentials.username);
  await page.getByLabel(/^(Passwort|Password)$/).fill(credentials.password);
  await page.getByRole('button', { name: /^(Anmelden|Sign in)$/ }).click();
  await expect(page).not.toHaveURL(/auth\/login/);
  await page.goto(path);
}

/** The dial of a room page. */
export const dial = (page: Page, room: string) =>
  page.getByRole('slider', { name: `Zieltemperatur ${room}` });

/** A temporary target set the way third-party tools do: form fields with the credentials. */
export async function setTargetThroughApi(
  request: APIRequestContext,
  server: RunningServer,
  roomId: number,
  ziel: string,
  durationMinutes: number,
) {
  const response = await request.post(`${server.origin}/api/set/json/v1/1/ziel/${roomId}/`, {
    multipart: {
      user: demo.username,
      password: demo.password,
      ziel,
      duration: String(durationMinutes),
    },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

/** The room card of the floor overview. */
export const roomCard = (page: Page, room: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: room }) });

/**
 * Resolves once the test has seen every request the page started before this call: the page
 * sends a marker request now, and the browser reports requests in the order they start. A
 * check that "nothing was sent" made after this looks after the event would have arrived.
 */
export async function requestsSoFar(page: Page) {
  const marker = `seen=${Date.now()}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((query) => {
    void fetch(`/app-config?${query}`).catch(() => undefined);
  }, marker);
  await seen;
}
