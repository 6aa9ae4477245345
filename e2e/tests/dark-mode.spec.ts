import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

/**
 * Every page in the dark theme, on a phone and a desktop: no light surface (a box of a light,
 * mostly opaque background) anywhere on the screen, and axe finds no colour-contrast failure.
 * SCREENSHOTS=<folder> also saves each screen there, for a person to look at.
 */

const signedOut = [
  'auth/login',
  'auth/classic/login',
  'auth/2fa',
  'auth/reset-password',
  'auth/reset-password/enter-email',
  'auth/reset-password/check-email?email=demo%40example.com',
  'auth/reset-password/change?token=abc&email=demo%40example.com',
  'auth/reset-password/changed',
  'error/404',
  'error/500',
];
const signedIn = [
  '',
  'room-control/smart/1',
  'room-control/smart/room/1',
  'room-control/pro/2',
  'appearance',
];

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * Visible boxes larger than 16 × 16 px (a switch's knob may stay white) whose own background is
 * light and mostly opaque; the appearance page's pictures of the light theme are meant to be.
 */
function lightSurfaces(page: Page) {
  return page.evaluate(() => {
    const lightness = (color: string): number | null => {
      const lab = /^lab\(\s*([\d.]+)%?\s+[-\d.]+\s+[-\d.]+(?:\s*\/\s*([\d.]+%?))?\)/.exec(color);
      const oklch = /^oklch\(\s*([\d.]+)(%?)\s+[\d.]+\s+[\d.]+(?:\s*\/\s*([\d.]+%?))?\)/.exec(
        color,
      );
      const rgb = /^rgba?\(\s*([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(color);
      const alpha = (text: string | undefined) =>
        text === undefined ? 1 : text.endsWith('%') ? parseFloat(text) / 100 : parseFloat(text);
      if (lab) return alpha(lab[2]) >= 0.5 ? parseFloat(lab[1]!) / 100 : null;
      if (oklch) {
        const l = parseFloat(oklch[1]!) / (oklch[2] ? 100 : 1);
        return alpha(oklch[3]) >= 0.5 ? l : null;
      }
      if (rgb) {
        if (alpha(rgb[4]) < 0.5) return null;
        const [r, g, b] = [rgb[1], rgb[2], rgb[3]].map((v) => parseFloat(v!) / 255);
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      }
      return null;
    };
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 16 || box.height <= 16) continue;
      if (element.closest('[data-theme-preview]')) continue;
      if (box.bottom <= 0 || box.right <= 0 || box.top >= innerHeight || box.left >= innerWidth)
        continue;
      const l = lightness(style.backgroundColor);
      if (l !== null && l > 0.8)
        found.push(
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)} ${style.backgroundColor}`,
        );
    }
    return found;
  });
}

async function checkScreen(page: Page, label: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
      ),
  );
  await expect(page.locator('html')).toHaveClass('dark');
  const folder = process.env.SCREENSHOTS;
  if (folder)
    await page.screenshot({
      path: `${folder}/${label.replace(/[^\w-]+/g, '_')}.png`,
      fullPage: true,
    });
  expect.soft(await lightSurfaces(page), `light surfaces ${label}`).toEqual([]);
  const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect
    .soft(
      contrast.violations.flatMap((violation) =>
        violation.nodes.map((node) => node.target.join(' ')),
      ),
      `colour contrast ${label}`,
    )
    .toEqual([]);
}

test.use({ colorScheme: 'dark' });

for (const viewport of viewports) {
  test(`every page is dark on a ${viewport.name}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    for (const path of signedOut) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await checkScreen(page, `${viewport.name} ${path || 'home'}`);
    }
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    for (const path of signedIn) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await checkScreen(page, `${viewport.name} ${path || 'home'}`);
    }
    // The menus: the sheet on a phone, the mega menu and the user menu on a desktop.
    if (viewport.name === 'phone') {
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkScreen(page, `${viewport.name} menu`);
      await page.keyboard.press('Escape');
    } else {
      await page
        .getByRole('navigation', { name: 'Schnellzugriff' })
        .getByRole('button', { name: 'Raumregelung SMART' })
        .click();
      await checkScreen(page, `${viewport.name} mega menu`);
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: /Benutzermenü von demo/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await checkScreen(page, `${viewport.name} user menu`);
  });
}
