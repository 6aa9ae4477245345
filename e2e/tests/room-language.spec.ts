import { expect, test } from '../support/fixtures';
import { signInAndOpen } from '../support/rooms';

test('in English the room page speaks temperatures with a decimal point', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/room/4?lang=en');
  const slider = page.getByRole('slider', { name: 'Target temperature Gäste-WC' });
  await expect(slider).toHaveAttribute('aria-valuetext', '19.0 °C');
  // The tab's title is the room's name, as in the breadcrumb.
  await expect(page).toHaveTitle('Gäste-WC – Raumregler');
  await expect(page.getByText('Following the schedule')).toBeVisible();
  await expect(page.getByText('No temperature change scheduled')).toBeVisible();
  await page.getByRole('button', { name: 'Why?' }).click();
  await expect(page.getByRole('dialog', { name: 'No scheduled temperature change' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByLabel('Duration')).toHaveAttribute('aria-valuetext', '1 hour');
  await expect(page.getByText('This room has no temperature sensor.')).toBeVisible();
});
