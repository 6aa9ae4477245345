import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { signInAndOpen } from '../support/rooms';

/**
 * Issue 16 in the browser against the real server: the Wochenplan edited with the keyboard alone,
 * the week copied to two rooms, an absence created and ended, and axe on the editor in both themes.
 * The browser keeps the device's time zone, so "now" is the same on both sides.
 */
test.use({ timezoneId: 'Europe/Berlin' });

const schedule = (page: Page) => page.getByRole('region', { name: 'Wochenplan' });
const point = (page: Page, name: string) =>
  schedule(page).getByRole('button', { name, exact: true });

test('a day edited with the keyboard alone is saved and still there after a reload', async ({
  page,
}) => {
  await signInAndOpen(page, 'room-control/smart/room/1');
  const six = point(page, 'Montag 06:00, 21,0 °C');
  await expect(six).toBeVisible();
  await six.focus();
  // Two steps of 15 minutes, one hour with Shift, half a degree warmer.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('+');
  await expect(point(page, 'Montag 07:30, 21,5 °C')).toBeFocused();
  // A new point, an hour after the last one (22:00, 18 °C), two steps colder, then removed again
  // with Delete, and the 22:00 point removed too.
  await schedule(page).getByRole('button', { name: 'Schaltpunkt am Montag hinzufügen' }).focus();
  await page.keyboard.press('Enter');
  await expect(point(page, 'Montag 23:00, 18,0 °C')).toBeFocused();
  await page.keyboard.press('-');
  await expect(point(page, 'Montag 23:00, 17,5 °C')).toBeFocused();
  await point(page, 'Montag 22:00, 18,0 °C').focus();
  await page.keyboard.press('Delete');
  await expect(point(page, 'Montag 22:00, 18,0 °C')).toHaveCount(0);
  await expect(schedule(page).getByText('Ungespeicherte Änderungen')).toBeVisible();
  await schedule(page).getByRole('button', { name: 'Speichern' }).focus();
  await page.keyboard.press('Enter');
  await expect(schedule(page).getByText('Gespeichert.')).toBeVisible();

  await page.reload();
  await expect(point(page, 'Montag 07:30, 21,5 °C')).toBeVisible();
  await expect(point(page, 'Montag 23:00, 17,5 °C')).toBeVisible();
  await expect(point(page, 'Montag 22:00, 18,0 °C')).toHaveCount(0);
  // The other days are as they were.
  await expect(point(page, 'Dienstag 06:00, 21,0 °C')).toBeVisible();
});

test('a handle dragged along the bar moves its point in 15-minute steps', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/room/1');
  const handle = point(page, 'Donnerstag 06:00, 21,0 °C');
  await handle.scrollIntoViewIfNeeded();
  const bar = (await schedule(page).getByRole('list', { name: 'Donnerstag' }).boundingBox())!;
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // To 08:00, in steps, as a finger or mouse moves.
  for (const hour of [6.5, 7, 7.5, 8])
    await page.mouse.move(bar.x + (bar.width * hour) / 24, box.y + box.height / 2);
  await page.mouse.up();
  await expect(point(page, 'Donnerstag 08:00, 21,0 °C')).toBeVisible();
  await expect(schedule(page).getByText('Ungespeicherte Änderungen')).toBeVisible();
});

test('leaving with unsaved changes asks first; Verwerfen restores', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/room/1');
  await point(page, 'Dienstag 06:00, 21,0 °C').focus();
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('link', { name: /Zurück zu/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(/room\/1$/);
  await schedule(page).getByRole('button', { name: 'Verwerfen' }).click();
  await expect(point(page, 'Dienstag 06:00, 21,0 °C')).toBeVisible();
  await page.getByRole('link', { name: /Zurück zu/ }).click();
  await expect(page).toHaveURL(/smart\/1$/);
});

test('the week copied to two rooms, one POST each, is their week afterwards', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/room/1');
  await schedule(page).getByRole('button', { name: 'Woche auf andere Räume kopieren' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: 'Küche' }).check();
  await dialog.getByRole('checkbox', { name: 'Schlafzimmer' }).check();
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/schedules\/\d+\/$/.test(request.url()))
      posts.push(request.url().replace(/.*schedules\/(\d+)\/$/, '$1'));
  });
  await dialog.getByRole('button', { name: 'Auf 2 Räume kopieren' }).click();
  await expect(schedule(page).getByText('Fertig: 2 Räume übernommen.')).toBeVisible();
  await expect(schedule(page).getByText('2 von 2')).toBeVisible();
  expect(posts.sort()).toEqual(['2', '5']);

  await page.goto('room-control/smart/room/5');
  await expect(point(page, 'Samstag 08:00, 21,5 °C')).toBeVisible();
  await expect(point(page, 'Freitag 22:00, 18,0 °C')).toBeVisible();
});

test('an absence is created for a room, shown on its page, and ended', async ({ page }) => {
  await signInAndOpen(page, '');
  await page
    .getByRole('button', { name: /Benutzermenü|demo/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Abwesenheiten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Abwesenheiten' })).toBeVisible();
  // Two hours ago until 18:00 three days on, in the browser's (the device's) time zone.
  const { from, to } = await page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = (date: Date) =>
      `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
        date.getHours(),
      )}:${pad(date.getMinutes())}`;
    const start = new Date();
    start.setHours(start.getHours() - 2, 0, 0, 0);
    const end = new Date(start);
    end.setDate(end.getDate() + 3);
    end.setHours(18);
    return { from: local(start), to: local(end) };
  });
  await page.getByLabel('Name', { exact: true }).fill('Kurzurlaub');
  await page.getByLabel('Von', { exact: true }).fill(from);
  await page.getByLabel('Bis', { exact: true }).fill(to);
  await page.getByLabel('Temperatur (°C)').fill('16');
  await page.getByRole('radio', { name: 'Ausgewählte Räume' }).check();
  await page.getByRole('checkbox', { name: 'Küche' }).check();
  await page.getByRole('button', { name: 'Abwesenheit anlegen' }).click();
  await expect(page.getByText('Abwesenheit angelegt.')).toBeVisible();
  const running = page.getByRole('region', { name: 'Laufend' });
  await expect(running.getByText('Kurzurlaub')).toBeVisible();

  await page.goto('room-control/smart/room/2');
  const day = `${to.slice(8, 10)}.${to.slice(5, 7)}.`;
  await expect(page.getByText(`Abwesend bis ${day}, 18:00`)).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Zieltemperatur Küche' })).toHaveAttribute(
    'aria-valuenow',
    '16',
  );

  // The overview filtered to absent rooms lists the Küche alone, with its status.
  await page.goto('?state=absent');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Küche');
  await expect(rows.first()).toContainText('Abwesend bis');

  await page.goto('absences');
  await running.getByRole('button', { name: 'Kurzurlaub jetzt beenden' }).click();
  await expect(
    page.getByRole('region', { name: /Vergangen/ }).getByText('Kurzurlaub'),
  ).toBeVisible();
  await expect(running.getByText('Keine laufende Abwesenheit.')).toBeVisible();
  await page.goto('room-control/smart/room/2');
  await expect(page.getByRole('heading', { level: 1, name: 'Küche' })).toBeVisible();
  await expect(page.getByText(/Abwesend bis/)).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a point is tapped, made warmer with the controls and saved', async ({ page }) => {
    await signInAndOpen(page, 'room-control/smart/room/1');
    await point(page, 'Mittwoch 22:00, 18,0 °C').tap();
    const controls = schedule(page).getByRole('group', { name: 'Mittwoch 22:00, 18,0 °C' });
    await controls.getByRole('button', { name: '0,5 °C wärmer' }).tap();
    await schedule(page)
      .getByRole('group', { name: 'Mittwoch 22:00, 18,5 °C' })
      .getByRole('button', { name: '15 Minuten später' })
      .tap();
    await schedule(page).getByRole('button', { name: 'Speichern' }).tap();
    await expect(schedule(page).getByText('Gespeichert.')).toBeVisible();
    await page.reload();
    await expect(point(page, 'Mittwoch 22:15, 18,5 °C')).toBeVisible();
  });
});

test('without manage the week is read-only and the user menu has no Abwesenheiten', async ({
  page,
}) => {
  await signInAndOpen(page, 'room-control/smart/room/1', {
    username: 'verwalter',
    password: 'verwalter1234',
  });
  const monday = schedule(page).getByRole('list', { name: 'Montag' });
  await expect(monday.getByText(/^06:00–22:00: 21,0 °C/)).toBeAttached();
  await expect(schedule(page).getByRole('button', { name: /^Montag 06:00/ })).toHaveCount(0);
  await expect(schedule(page).getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Benutzermenü von verwalter' }).click();
  await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Abwesenheiten' })).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const)
  test(`the editor has no axe violations in ${scheme}`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInAndOpen(page, 'room-control/smart/room/1');
    await point(page, 'Montag 06:00, 21,0 °C').click();
    await expect(
      schedule(page).getByRole('group', { name: 'Montag 06:00, 21,0 °C' }),
    ).toBeVisible();
    await schedule(page).getByRole('button', { name: 'Montag auf andere Tage kopieren' }).click();
    await expect(page.locator('html')).toHaveClass(scheme);
    await expectNoA11yViolations(page, `schedule editor ${scheme}`);
  });

// Issue 32: the handles had the header's z-index and painted over it while the page scrolled.
test('scrolled under the sticky header, the switch points stay behind it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await signInAndOpen(page, 'room-control/smart/room/1');
  const handle = point(page, 'Montag 06:00, 21,0 °C');
  await expect(handle).toBeVisible();
  const header = page.locator('header').first();
  const headerBox = (await header.boundingBox())!;
  const handleBox = (await handle.boundingBox())!;
  // Scroll so that the handle's centre sits in the middle of the header's height.
  const centre = handleBox.y + handleBox.height / 2;
  await page.mouse.wheel(0, centre - (headerBox.y + headerBox.height / 2));
  await expect
    .poll(async () => {
      const box = (await handle.boundingBox())!;
      return Math.abs(box.y + box.height / 2 - (headerBox.y + headerBox.height / 2)) < 12;
    })
    .toBe(true);
  const box = (await handle.boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('header') !== null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toBe(true);
});
