import type { Page } from '@playwright/test';
import { demo, expect, signIn } from './fixtures';
import { cli, type RunningServer } from './server';

/** A Basic header, as a tool sends it. */
export const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/**
 * Gives the demo user full access in building `house` (issue 37: `user access … --house-id`)
 * and waits until the running server serves it to them (a CLI change: within 5 s).
 */
export async function demoManages(server: RunningServer, house: number) {
  await cli(server, ...['user', 'access', 'demo', '--house-id', String(house)], ...FULL);
  await expect
    .poll(
      async () =>
        (
          await fetch(`${server.origin}/get/json/v1/${house}/info/`, {
            headers: { authorization: basic(demo.username, demo.password) },
          })
        ).status,
      { timeout: 8_000 },
    )
    .toBe(200);
}
const FULL = ['--smart', 'full', '--pro', 'full'];

/** Signs in as demo and opens Gebäude from the user menu. */
export async function openBuildingsPage(page: Page) {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.getByRole('button', { name: 'Benutzermenü von demo' }).click();
  await page.getByRole('menuitem', { name: 'Gebäude' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gebäude' })).toBeVisible();
}
