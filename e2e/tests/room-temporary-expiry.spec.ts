import { expect, test } from '../support/fixtures';
import { dial, setTargetThroughApi, signInAndOpen } from '../support/rooms';

test('a one-minute temporary target runs out on screen and the room returns to its schedule', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000);
  const answer = await setTargetThroughApi(request, server, 4, '23.5', 1);
  const permanent = String(answer.perm_solltemperatur);
  await signInAndOpen(page, 'room-control/smart/room/4');
  const slider = dial(page, 'Gäste-WC');
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toHaveText(/^00h 0[01]m \d{2}s$/);
  await expect(slider).toHaveAttribute('aria-valuetext', '23,5 °C');

  await expect(countdown).toHaveText('00h 00m 03s', { timeout: 65_000 });
  await expect(page.getByText('Nach Zeitplan')).toBeVisible({ timeout: 10_000 });
  await expect(countdown).toHaveCount(0);
  await expect(slider).toHaveAttribute('aria-valuenow', permanent);
  await expect(page.getByText('Vorübergehende Temperatur')).toHaveCount(0);
});
