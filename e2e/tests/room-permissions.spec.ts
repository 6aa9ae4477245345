import { expectNoA11yViolations } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { dial, requestsSoFar, signInAndOpen } from '../support/rooms';

const bewohner = { username: 'bewohner', password: 'bewohner1234' };

test('a read-only user sees the room but cannot change anything', async ({ page }) => {
  let writes = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST') writes += 1;
  });
  await signInAndOpen(page, 'room-control/smart/room/1', bewohner);
  const slider = dial(page, 'Wohnzimmer');
  await expect(slider).toHaveAttribute('aria-readonly', 'true');
  await expect(slider).toHaveAttribute('aria-valuetext', /^\d+,\d °C$/);
  const start = await slider.getAttribute('aria-valuenow');
  await expect(page.getByText(/Sie haben Leserechte/)).toBeVisible();
  await slider.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', start!);
  const box = (await slider.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.85, box.y + box.height * 0.3);
  await expect(slider).toHaveAttribute('aria-valuenow', start!);
  await expect(page.getByLabel('Dauer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dauerhaft übernehmen' })).toHaveCount(0);
  // A write the keys or the click started would have been sent before this marker request.
  await requestsSoFar(page);
  expect(writes).toBe(0);
});

test('the room page has no accessibility violations', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/room/1');
  await expect(dial(page, 'Wohnzimmer')).toBeVisible();
  await expectNoA11yViolations(page, 'on the room page');
  await dial(page, 'Wohnzimmer').focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('countdown')).toBeVisible();
  await expectNoA11yViolations(page, 'on the room page in temporary mode');
});

test('an unknown room says so clearly', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/room/99');
  await expect(page.getByRole('heading', { name: 'Diesen Raum gibt es nicht' })).toBeVisible();
});

test('the access of the area in the path decides: PRO full allows, SMART no-access reads', async ({
  page,
}) => {
  await signInAndOpen(page, 'room-control/pro/room/5', {
    username: 'techniker',
    password: 'techniker1234',
  });
  await expect(dial(page, 'Schlafzimmer')).not.toHaveAttribute('aria-readonly', 'true');
  await expect(page.getByLabel('Dauer')).toBeVisible();
  await page.goto('room-control/smart/room/5');
  await expect(dial(page, 'Schlafzimmer')).toHaveAttribute('aria-readonly', 'true');
  await expect(page.getByLabel('Dauer')).toHaveCount(0);
});
