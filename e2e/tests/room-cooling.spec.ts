import type { Locator } from '@playwright/test';
import { demo, expect, test } from '../support/fixtures';
import { dial, roomCard, signInAndOpen } from '../support/rooms';

/** The hue (degrees) of the dial's target arc; Chromium reports Tailwind's colours as lab(). */
async function arcHue(slider: Locator) {
  const stroke = await slider
    .locator('path[stroke-linecap="round"]')
    .last()
    .evaluate((path) => getComputedStyle(path).stroke);
  const match = /lab\(\s*[\d.]+%?\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(stroke);
  expect(match, stroke).not.toBeNull();
  const hue = (Math.atan2(Number(match![2]), Number(match![1])) * 180) / Math.PI;
  return (hue + 360) % 360;
}

test('a room in cooling mode reads "Kühlen auf" on its card and page, with a cool dial', async ({
  page,
  request,
  server,
}) => {
  // Küche (room 2) goes to cooling through the device API; Wohnzimmer (1) keeps heating.
  const response = await request.post(`${server.origin}/api/set/json/v1/1/rooms/2/`, {
    form: { user: demo.username, password: demo.password, action: 'betriebsart', value: 'cooling' },
  });
  expect(response.status()).toBe(200);

  await signInAndOpen(page, 'room-control/smart/1');
  await expect(roomCard(page, 'Küche').getByText('Kühlen auf')).toBeVisible();
  await expect(roomCard(page, 'Küche').getByText('Heizen auf')).toHaveCount(0);
  await expect(roomCard(page, 'Wohnzimmer').getByText('Heizen auf')).toBeVisible();

  await page.goto('room-control/smart/room/1');
  await expect(page.getByText('Ziel', { exact: true })).toBeVisible();
  const warm = await arcHue(dial(page, 'Wohnzimmer'));
  expect(warm < 90 || warm > 330, `heating hue ${warm}`).toBe(true);

  await page.goto('room-control/smart/room/2');
  await expect(page.getByText('Kühlen auf', { exact: true })).toBeVisible();
  const cool = await arcHue(dial(page, 'Küche'));
  expect(cool > 180 && cool < 270, `cooling hue ${cool}`).toBe(true);

  await page.goto('room-control/smart/room/2?lang=en');
  await expect(page.getByText('Cooling to', { exact: true })).toBeVisible();
});
