import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { dial, requestsSoFar, setTargetThroughApi, signInAndOpen } from '../support/rooms';

/** Issue 14 in the browser: the room's Verlauf, its Letzte Änderungen and the Protokoll page. */

const verlauf = (page: Page) => page.getByRole('region', { name: 'Verlauf' });
const chartChunk = (url: string) => /\/assets\/history-chart-[^/]*\.js$/.test(url);

async function downloadText(page: Page, button: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('the Verlauf loads when scrolled to, with its text alternative, ranges and CSV', async ({
  page,
}) => {
  // On a phone the section is below the dial: its chart code must wait until it is near.
  await page.setViewportSize({ width: 390, height: 640 });
  const chunks: string[] = [];
  const history: URL[] = [];
  page.on('request', (request) => {
    if (chartChunk(request.url())) chunks.push(request.url());
    if (request.url().includes('/api/history/1/')) history.push(new URL(request.url()));
  });
  await signInAndOpen(page, 'room-control/smart/room/1');
  await expect(dial(page, 'Wohnzimmer')).toBeVisible();
  await requestsSoFar(page);
  expect(chunks, 'uPlot before the section is near').toEqual([]);
  const stylesheets = () => page.evaluate(() => document.styleSheets.length);
  const stylesheetsBefore = await stylesheets();

  await verlauf(page).scrollIntoViewIfNeeded();
  const chart = verlauf(page).getByRole('img', {
    name: /^Temperaturverlauf von Wohnzimmer, letzte 24 h/,
  });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toBeVisible();
  expect(chunks).toHaveLength(1);
  // uPlot's stylesheet came with the page's: the chart is laid out by it, and its code added no
  // stylesheet to the shown page (which would have restyled all of it).
  await expect(chart.locator('.u-wrap')).toHaveCSS('position', 'relative');
  expect(await stylesheets()).toBe(stylesheetsBefore);
  // The demo's backfilled week: real numbers in the text alternative, German formats.
  const summary = verlauf(page).getByRole('region', { name: 'Zusammenfassung, letzte 24 h' });
  await expect(summary.getByText('Tiefstwert')).toBeVisible();
  await expect(summary.locator('dd').first()).toHaveText(/^\d{1,2},\d °C$/);
  await expect(summary.locator('dd').nth(3)).toHaveText(/^\d+ h \d+ min \(\d+\s%\)$/);
  // The chart follows its container: as wide as the section's content, not a fixed size.
  const box = await chart.boundingBox();
  expect(box!.width).toBeGreaterThan(250);
  expect(box!.width).toBeLessThanOrEqual(390);

  const week = verlauf(page).getByRole('button', { name: '7 Tage' });
  await expect(week).toHaveAttribute('aria-pressed', 'false');
  await week.click();
  await expect(week).toHaveAttribute('aria-pressed', 'true');
  await expect(verlauf(page).getByRole('button', { name: '24 h' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(
    verlauf(page).getByRole('img', { name: /^Temperaturverlauf von Wohnzimmer, letzte 7 Tage/ }),
  ).toBeVisible();
  await expect(
    verlauf(page).getByRole('region', { name: 'Zusammenfassung, letzte 7 Tage' }),
  ).toBeVisible();
  const asked = history.at(-1)!;
  const span =
    Date.parse(asked.searchParams.get('to')!) - Date.parse(asked.searchParams.get('from')!);
  expect(span).toBe(7 * 24 * 3_600_000);

  const csv = await downloadText(
    page,
    verlauf(page).getByRole('button', { name: 'Als CSV herunterladen' }),
  );
  expect(csv.name).toMatch(/^verlauf-raum-1-7d-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.text.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^time,temperature,target/);
  // A week of samples, whether raw or 15-minute means.
  expect(lines.length).toBeGreaterThan(600);
});

test('a change made on the room page shows in Letzte Änderungen and in the Protokoll', async ({
  page,
  request,
  server,
}) => {
  // Another client's change first (source API), then one through the app (source App).
  await setTargetThroughApi(request, server, 1, '23.5', 30);
  await signInAndOpen(page, 'room-control/smart/room/1');
  const slider = dial(page, 'Wohnzimmer');
  await expect(slider).toHaveAttribute('aria-valuenow', '23.5');
  await slider.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Gespeichert')).toBeVisible();

  const recent = page.getByRole('region', { name: 'Letzte Änderungen' });
  await recent.scrollIntoViewIfNeeded();
  const items = recent.getByRole('listitem');
  // The end carries its date when it is on another day (a change made after 23:00).
  const until = String.raw`bis (\d{2}\.\d{2}\., )?\d{2}:\d{2}`;
  await expect(items.first()).toContainText(
    new RegExp(`demo setzte 24,0 °C ${until} \\(vorher 23,5 °C\\)`),
  );
  await expect(items.nth(1)).toContainText(new RegExp(`demo setzte 23,5 °C ${until} \\(vorher`));

  // The user menu leads to the Protokoll.
  await page
    .getByRole('button', { name: /Benutzermenü|demo/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Protokoll' }).click();
  await expect(page).toHaveURL(/\/re\/home\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).locator('[aria-current="page"]'),
  ).toHaveText('Protokoll');
  const table = page.getByRole('table', { name: 'Änderungen, die neuesten zuerst' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('Wohnzimmer');
  await expect(first).toContainText(/demo setzte 24,0 °C bis/);
  await expect(first.getByRole('cell').last()).toHaveText('App');
  await expect(table.getByRole('row').nth(2).getByRole('cell').last()).toHaveText('API');

  // Filters go into the URL and select on the server.
  await page.getByRole('combobox', { name: 'Raum' }).selectOption({ label: 'Küche (EG)' });
  await page.getByRole('button', { name: 'Anwenden' }).click();
  await expect(page).toHaveURL(/\/audit\?room=\d+$/);
  await expect(page.getByText('Keine Einträge zu diesen Filtern.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Raum' }).selectOption({ label: 'Wohnzimmer (EG)' });
  await page.getByLabel('Benutzer', { exact: true }).fill('DEMO');
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
  await page.getByLabel('Von', { exact: true }).fill(today);
  await page.getByLabel('Bis', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Anwenden' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?room=1&user=DEMO&from=${today}&to=${today}$`));
  await expect(table.getByRole('row')).toHaveCount(3);
  // A reload keeps the filters.
  await page.reload();
  await expect(page.getByLabel('Benutzer', { exact: true })).toHaveValue('DEMO');
  await expect(table.getByRole('row')).toHaveCount(3);

  const csv = await downloadText(page, page.getByRole('button', { name: 'Als CSV herunterladen' }));
  expect(csv.name).toMatch(/^protokoll-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.text.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'time,user,room,room_name,floor,action,before,after,duration_minutes,source',
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^[^,]+,demo,1,Wohnzimmer,.*,ziel,.*,app$/);
  expect(lines[2]).toMatch(/,api$/);
});

test('without the manage capability there is no Protokoll and no Letzte Änderungen', async ({
  page,
}) => {
  await signInAndOpen(page, 'room-control/smart/room/1', {
    username: 'verwalter',
    password: 'verwalter1234',
  });
  await verlauf(page).scrollIntoViewIfNeeded();
  await expect(verlauf(page).getByRole('img')).toBeVisible();
  await requestsSoFar(page);
  await expect(page.getByRole('region', { name: 'Letzte Änderungen' })).toHaveCount(0);
  await page
    .getByRole('button', { name: /Benutzermenü|verwalter/ })
    .first()
    .click();
  await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Protokoll' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('audit');
  await expect(page).toHaveURL(/\/error\/404$/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test(`the room page with its chart and the Protokoll pass axe (${colorScheme})`, async ({
      page,
    }) => {
      await signInAndOpen(page, 'room-control/smart/room/1');
      await verlauf(page).scrollIntoViewIfNeeded();
      await expect(verlauf(page).getByRole('img').locator('canvas')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Letzte Änderungen' }).getByRole('link'),
      ).toBeVisible();
      await expectNoA11yViolations(page, `room page, ${colorScheme}`);
      await page.goto('audit');
      await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
      // Nothing filtered and nothing logged yet (issue 32: not "zu diesen Filtern").
      await expect(page.getByText('Noch keine Einträge.')).toBeVisible();
      await expectNoA11yViolations(page, `audit page, ${colorScheme}`);
    });
  });
}
