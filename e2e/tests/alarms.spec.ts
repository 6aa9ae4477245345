import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';
import { cli, type RunningServer } from '../support/server';

/** `npm run cli -- sim …` as an operator types it, on the running test server's database. */
const sim = (server: RunningServer, ...args: string[]) => cli(server, 'sim', ...args);

// A fast simulation with a one-minute silence rule; the temperature rules and the clearing are
// set out of reach, so the sensor switched off is the only alarm and stays open.
const week = String(7 * 24 * 60);
test.use({
  serverEnv: {
    SIM_SPEED: '600',
    ALARM_SILENT_MINUTES: '1',
    ALARM_COLD_MINUTES: week,
    ALARM_WARM_MINUTES: week,
    ALARM_CLEAR_MINUTES: week,
  },
});

const bell = (page: Page) => page.getByRole('link', { name: /^Alarme:?/ });

/**
 * Waits for the server to open an alarm, then lets the page's clock run the bell's 60 s refresh
 * (the bell asks again by itself; nobody reloads).
 */
async function ringBell(page: Page, server: RunningServer) {
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`${server.origin}/api/alarms/?state=open`, {
          headers: { Authorization: `Basic ${btoa('demo:demo1234')}` },
        });
        return ((await answer.json()) as { alarms: unknown[] }).alarms.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await page.clock.fastForward('01:01');
  await expect(bell(page)).toHaveAccessibleName('Alarme: 1 offen');
}

test('a sensor switched off rings the bell, is acknowledged with a note and marks its room', async ({
  page,
  server,
}) => {
  await page.clock.install();
  await signIn(page);
  await expect(bell(page)).toHaveAccessibleName('Alarme: keine offen');

  await sim(server, 'sensor', '1', 'off');
  await ringBell(page, server);
  // The overview (signed in, we are on it) marks the room from the same list.
  await expect(page.getByRole('row').filter({ hasText: 'Wohnzimmer' })).toContainText(
    /Alarm: Sensor meldet nicht seit/,
  );
  await page.goto('?state=alarm');
  const roomLinks = page.getByRole('table').getByRole('row').getByRole('link');
  await expect(roomLinks).toHaveText(['Wohnzimmer']);

  await bell(page).click();
  await expect(page).toHaveURL(/\/alarms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alarme' })).toBeVisible();
  // The header's breadcrumb names the page, though the menu does not list it.
  await expect(
    page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).locator('[aria-current="page"]'),
  ).toHaveText('Alarme');
  const table = page.getByRole('table', { name: 'Alarme, unquittierte zuerst' });
  const alarm = table.getByRole('row').filter({ hasText: 'Wohnzimmer' });
  await expect(alarm).toContainText('Sensor meldet nicht');
  await expect(alarm).toContainText('Erdgeschoss');

  await alarm.getByRole('checkbox', { name: 'Auswählen: Wohnzimmer, Sensor meldet nicht' }).check();
  await page.getByRole('button', { name: 'Ausgewählte quittieren …' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alarme quittieren' });
  await dialog.getByLabel('Notiz (optional)').fill('Batterie des Fühlers getauscht');
  await expect(dialog).toContainText('30 von 500 Zeichen');
  await dialog.getByRole('button', { name: '1 Alarm quittieren' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('1 Alarm quittiert.')).toBeVisible();
  await expect(alarm).toContainText('Quittiert');
  await expect(alarm).toContainText('von demo');
  await expect(alarm).toContainText('Batterie des Fühlers getauscht');
  await expect(alarm.getByRole('checkbox')).toHaveCount(0);
  // Acknowledged, it is still open until the sensor reports again: the bell keeps counting it.
  await expect(bell(page)).toHaveAccessibleName('Alarme: 1 offen');

  await alarm.getByRole('link', { name: 'Wohnzimmer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wohnzimmer' })).toBeVisible();
  const mark = page.getByRole('link', {
    name: /^Alarm: Sensor meldet nicht seit (.+, )?\d{2}:\d{2}/,
  });
  await expect(mark).toBeVisible();
  await mark.click();
  await expect(page).toHaveURL(/\/alarms$/);
});

test('someone without full access sees the alarms but cannot acknowledge them', async ({
  page,
  server,
}) => {
  await page.clock.install();
  await signIn(page, { username: 'verwalter', password: 'verwalter1234' });
  await sim(server, 'sensor', '1', 'off');
  await ringBell(page, server);
  await page.goto('alarms');
  const table = page.getByRole('table', { name: 'Alarme, unquittierte zuerst' });
  await expect(table.getByRole('row').filter({ hasText: 'Wohnzimmer' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Auswählen/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /quittieren/ })).toHaveCount(0);
});

test('the alarm page has no accessibility violations, light and dark, and fits a phone', async ({
  page,
  server,
}) => {
  await page.clock.install();
  await signIn(page);
  await sim(server, 'sensor', '1', 'off');
  await ringBell(page, server);
  await page.goto('alarms');
  await expect(page.getByRole('table', { name: 'Alarme, unquittierte zuerst' })).toBeVisible();
  await expect(page.getByText('1 Alarm', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'on the alarm page (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass('dark');
  await expectNoA11yViolations(page, 'on the alarm page (dark)');
  await page.getByRole('checkbox', { name: /^Auswählen: Wohnzimmer/ }).check();
  await page.getByRole('button', { name: 'Ausgewählte quittieren …' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoA11yViolations(page, 'in the acknowledge dialog (dark)');
  await page.keyboard.press('Escape');

  // A phone opens the page at its own width: nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Auswählen: Wohnzimmer/ })).toBeInViewport();
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBe(0);
});

test.describe('an open window', () => {
  // An hour of the building per second, a ten-minute cold rule; silence and clearing out of reach.
  test.use({
    serverEnv: {
      SIM_SPEED: '3600',
      ALARM_COLD_MINUTES: '10',
      ALARM_SILENT_MINUTES: week,
      ALARM_CLEAR_MINUTES: week,
    },
  });

  test('makes its room too cold, and the room page says so', async ({ page, server }) => {
    await signIn(page);
    await expect(bell(page)).toBeVisible();
    await sim(server, 'window', '1', 'open');
    await page.goto('room-control/smart/room/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Wohnzimmer' })).toBeVisible();
    // The room page's list reloads with the bell's; reload until the server has raised it.
    await expect(async () => {
      await page.reload();
      await expect(
        page.getByRole('link', { name: /^Alarm: zu kalt seit (.+, )?\d{2}:\d{2}$/ }),
      ).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await sim(server, 'window', '1', 'closed');
  });
});
