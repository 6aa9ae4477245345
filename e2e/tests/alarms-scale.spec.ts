import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { generateBuilding, benchUser } from '../../apps/server/src/test-support/generate-building';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { cli, startServer, type RunningServer } from '../support/server';

/** `npm run cli -- sim …` as an operator types it, on the running test server's database. */
const sim = (server: RunningServer, ...args: string[]) => cli(server, 'sim', ...args);

/** `count` rooms from `first` on that have a sensor (the generated building leaves every 17th without). */
function roomsWithSensor(first: number, count: number): string {
  const ids: number[] = [];
  for (let id = first; ids.length < count; id++) if (id % 17 !== 0) ids.push(id);
  return ids.join(',');
}

const auth = { Authorization: `Basic ${btoa(`${benchUser.username}:${benchUser.password}`)}` };

async function openAlarmsByKind(page: Page, server: RunningServer) {
  const answer = await page.request.get(`${server.origin}/api/alarms/?state=open`, {
    headers: auth,
  });
  const { alarms } = (await answer.json()) as { alarms: { kind: string }[] };
  const byKind: Record<string, number> = {};
  for (const alarm of alarms) byKind[alarm.kind] = (byKind[alarm.kind] ?? 0) + 1;
  return byKind;
}

const bell = (page: Page) => page.getByRole('link', { name: /^Alarme:?/ });

const week = String(7 * 24 * 60);

test.describe('the alarm console on the 1,000-room building', () => {
  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test('300 alarms of two kinds: filtered by kind and acknowledged in one step, in the Protokoll, the bell drops', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    // Fifty building minutes per tick: a switched-off sensor is silent after one minute, an open
    // window makes its room too cold within ten; nothing clears and nothing else is judged.
    server = await startServer({
      seed: generateBuilding(),
      env: {
        SIM_SPEED: '600',
        ALARM_SILENT_MINUTES: '1',
        ALARM_COLD_MINUTES: '10',
        ALARM_WARM_MINUTES: week,
        ALARM_CLEAR_MINUTES: week,
      },
    });
    // 150 sensors switched off on the lower floors, 150 windows opened on the upper ones.
    await sim(server, 'sensor', roomsWithSensor(1, 150), 'off');
    await sim(server, 'window', roomsWithSensor(501, 150), 'open');
    await expect
      .poll(() => openAlarmsByKind(page, server!), { timeout: 60_000, intervals: [1_000] })
      .toEqual({ 'sensor-silent': 150, 'too-cold': 150 });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.appUrl + 'auth/login');
    await expect(page.getByText('Bench-Gebäude 1000 Räume').first()).toBeVisible();
    await page.getByLabel('Benutzername').fill(benchUser.username);
    await page.getByLabel('Passwort', { exact: true }).fill(benchUser.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(bell(page)).toHaveAccessibleName('Alarme: 300 offen');

    await bell(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alarme' })).toBeVisible();
    await expect(page.getByText('300 Alarme', { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Alarme, unquittierte zuerst' });
    await expect(table).toHaveAttribute('aria-rowcount', '301');
    // Only the rows near the viewport are drawn.
    expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(60);

    // The box follows the URL: it shows its new state once the filter is applied.
    const tooCold = page
      .getByRole('region', { name: 'Filter' })
      .getByRole('checkbox', { name: 'zu kalt' });
    await tooCold.click();
    await expect(tooCold).toBeChecked();
    await expect(page).toHaveURL(/[?&]kind=too-cold(&|$)/);
    await expect(page.getByText('150 Alarme', { exact: true })).toBeVisible();
    await expect(table).toHaveAttribute('aria-rowcount', '151');

    // The header stays below the app's header while the list scrolls.
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    // Rows far down the list are drawn where the page has scrolled to.
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: /Raum 1[1-4]\.\d\d/ })
        .nth(8),
    ).toBeInViewport();
    const header = await table.locator('thead').boundingBox();
    expect(header!.y).toBeGreaterThanOrEqual(0);
    expect(header!.y).toBeLessThan(120);

    // The filtered list as German CSV: BOM, semicolons, one line per alarm.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('alarme.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFNr.;Raum;Geschoss;Art;Gerät;Seit;Zustand;')).toBe(true);
    const lines = csv.trim().split('\r\n').slice(1);
    expect(lines).toHaveLength(150);
    expect(lines.every((line) => line.split(';')[3] === 'zu kalt')).toBe(true);

    await expectNoA11yViolations(page, 'on the alarm console with 150 alarms');

    const acks: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.includes('/alarms/')) {
        acks.push(request.url());
      }
    });
    await page.getByRole('button', { name: 'Alle 150 unquittierten auswählen' }).click();
    await expect(page.getByText('150 ausgewählt')).toBeVisible();
    await page.getByRole('button', { name: 'Ausgewählte quittieren …' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alarme quittieren' });
    await dialog.getByLabel('Notiz (optional)').fill('Fenster im 11.–13. OG geschlossen');
    await dialog.getByRole('button', { name: '150 Alarme quittieren' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('150 Alarme quittiert.')).toBeVisible();
    expect(acks).toHaveLength(1);
    expect(new URL(acks[0]!).pathname).toBe('/api/alarms/ack/');
    // Acknowledged alarms stay open (and counted by the bell) until their rooms recover.
    await expect(bell(page)).toHaveAccessibleName('Alarme: 300 offen');
    await expect(page.getByRole('button', { name: /unquittierten auswählen/ })).toBeDisabled();
    expect(await openAlarmsByKind(page, server)).toEqual({ 'sensor-silent': 150, 'too-cold': 150 });

    await page.goto(server.appUrl + 'audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
    const entries = page.getByRole('row').filter({
      hasText: 'bench quittierte den Alarm „zu kalt“: Fenster im 11.–13. OG geschlossen',
    });
    await expect(entries.first()).toBeVisible();
    expect(await entries.count()).toBeGreaterThanOrEqual(100);
    const audit = await page.request.get(`${server.origin}/api/audit/?limit=1000`, {
      headers: auth,
    });
    const { entries: logged } = (await audit.json()) as { entries: { action: string }[] };
    expect(logged.filter((entry) => entry.action === 'alarm-acknowledged')).toHaveLength(150);
  });
});
