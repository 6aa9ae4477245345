import type { Page } from '@playwright/test';
import { generateBuilding, benchUser } from '../../apps/server/src/test-support/generate-building';
import { demo, expect, signIn, test } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';

/** The box is inside the viewport and nothing covers its left edge or its centre. */
async function expectFullyVisible(page: Page, selector: string) {
  const result = await page.evaluate((query) => {
    const element = document.querySelector(query)!;
    const box = element.getBoundingClientRect();
    const hit = (x: number, y: number) => {
      const found = document.elementFromPoint(x, y);
      return found !== null && element.contains(found);
    };
    const middle = box.top + box.height / 2;
    return {
      inside:
        box.left >= 0 &&
        box.top >= 0 &&
        box.right <= window.innerWidth &&
        box.bottom <= window.innerHeight,
      leftEdge: hit(box.left + 2, middle),
      centre: hit(box.left + box.width / 2, middle),
    };
  }, selector);
  expect(result).toEqual({ inside: true, leftEdge: true, centre: true });
}

test.describe('connection banner', () => {
  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test('is fully visible, not under the sidebar, at every width, sidebar open or collapsed', async ({
    page,
  }) => {
    server = await startServer();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(server.appUrl);
    await page.getByLabel('Benutzername').fill(demo.username);
    await page.getByLabel('Passwort', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

    await server.stop();
    server = undefined;
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await menu.getByRole('link', { name: 'Darstellung' }).click();
    const banner = page.getByRole('alert');
    await expect(banner).toContainText('Keine Verbindung zum Regler.');

    for (const collapsed of [false, true]) {
      if (collapsed) await page.getByRole('button', { name: 'Seitenleiste einklappen' }).click();
      for (const width of [1200, 1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await expectFullyVisible(page, '[role="alert"]');
        // Scrolled down, it stays at the top, and the header and sidebar sit below it.
        await page.mouse.wheel(0, 400);
        await expectFullyVisible(page, '[role="alert"]');
        await page.mouse.wheel(0, -400);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});

/** The current page's crumb shows more than its first three letters and its full name. */
async function expectCurrentCrumbReadable(page: Page, name: string) {
  const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
  const current = crumbs.locator('[aria-current="page"]');
  await expect(current).toHaveText(name);
  const widths = await current.evaluate((element) => {
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(element).font;
    probe.style.position = 'absolute';
    probe.style.whiteSpace = 'pre';
    probe.textContent = (element.textContent ?? '').slice(0, 3);
    document.body.append(probe);
    const threeLetters = probe.getBoundingClientRect().width;
    probe.remove();
    // The crumb's visible width: its own box, clipped by the list item that truncates it.
    const item = element.closest('li')!;
    const visible = Math.min(
      element.getBoundingClientRect().width,
      item.getBoundingClientRect().width,
    );
    const whole = item.scrollWidth <= item.clientWidth;
    const full = whole || item.title === element.textContent;
    return { visible, threeLetters, full, whole };
  });
  expect(widths.visible).toBeGreaterThan(widths.threeLetters);
  expect(widths.full).toBe(true);
  // These names fit the header: shown whole, not cut with an ellipsis.
  expect(widths.whole).toBe(true);
}

/** The crumbs on screen are exactly these, each shown whole (no ellipsis). */
async function expectShownCrumbsWhole(page: Page, names: string[]) {
  const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
  await expect(crumbs.locator('li[title]:visible')).toHaveText(names);
  const cut = await crumbs
    .locator('li[title]:visible')
    .evaluateAll((items) =>
      items
        .filter((item) => item.scrollWidth > item.clientWidth)
        .map((item) => item.getAttribute('title')),
    );
  expect(cut).toEqual([]);
}

test.describe('breadcrumb', () => {
  test('the current room reads at 1200 and 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await page.goto('room-control/smart/room/3');
    await expect(page.getByRole('heading', { level: 1, name: 'Arbeitszimmer' })).toBeVisible();
    for (const width of [1200, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectCurrentCrumbReadable(page, 'Arbeitszimmer');
    }
    await page.goto('room-control/smart/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Obergeschoss' })).toBeVisible();
    await expectCurrentCrumbReadable(page, 'Obergeschoss');
  });

  test.describe('on the 1,000-room building', () => {
    let server: RunningServer | undefined;
    test.afterEach(async () => {
      await server?.stop();
      server = undefined;
    });

    test('the longest room and floor names read at 1200 and 1280 px', async ({ page }) => {
      server = await startServer({ seed: generateBuilding() });
      await page.setViewportSize({ width: 1200, height: 800 });
      await page.goto(server.appUrl + 'auth/login');
      const username = page.getByLabel('Benutzername');
      await expect(page.getByText('Bench-Gebäude 1000 Räume').first()).toBeVisible();
      await username.fill(benchUser.username);
      await page.getByLabel('Passwort', { exact: true }).fill(benchUser.password);
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
      await page.goto(server.appUrl + 'room-control/smart/room/1000');
      await expect(page.getByRole('heading', { level: 1, name: 'Raum 20.50' })).toBeVisible({
        timeout: 20_000,
      });
      for (const width of [1200, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await expectCurrentCrumbReadable(page, 'Raum 20.50');
        // Issue 32: the floor stays readable too ("Raumr… › Er…" before); the area gives way.
        await expectShownCrumbsWhole(page, ['19. OG', 'Raum 20.50']);
      }
      await page.setViewportSize({ width: 1600, height: 800 });
      await expectShownCrumbsWhole(page, ['Raumregelung SMART', '19. OG', 'Raum 20.50']);
      await page.goto(server.appUrl + 'room-control/smart/20');
      await expect(page.getByRole('heading', { level: 1, name: '19. OG' })).toBeVisible();
      for (const width of [1200, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await expectCurrentCrumbReadable(page, '19. OG');
      }
    });
  });
});
