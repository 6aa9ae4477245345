import { expect, test } from '../support/fixtures';
import { dial, setTargetThroughApi, signInAndOpen } from '../support/rooms';

const countdownSeconds = (text: string | null) => {
  const match = /^(\d{2})h (\d{2})m (\d{2})s$/.exec(text ?? '');
  expect(match, `countdown "${text}"`).not.toBeNull();
  const [, hours, minutes, seconds] = match!.map(Number);
  return hours! * 3600 + minutes! * 60 + seconds!;
};

test('a one-minute temporary target runs out on screen and the room returns to its schedule', async ({
  page,
  request,
  server,
}) => {
  // The target runs a real minute: that plus signing in, on a busy machine.
  test.setTimeout(150_000);
  const setAt = Date.now();
  const answer = await setTargetThroughApi(request, server, 4, '23.5', 1);
  const permanent = String(answer.perm_solltemperatur);
  await signInAndOpen(page, 'room-control/smart/room/4');
  const slider = dial(page, 'Gäste-WC');
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toHaveText(/^00h 0[01]m \d{2}s$/);
  await expect(slider).toHaveAttribute('aria-valuetext', '23,5 °C');
  const first = countdownSeconds(await countdown.textContent());
  expect(first).toBeLessThanOrEqual(60);

  // It counts down on screen: some later second of the last minute, a state that lasts many
  // seconds (not one exact second that a slow poll could miss).
  await expect
    .poll(async () => countdownSeconds(await countdown.textContent()), { timeout: 20_000 })
    .toBeLessThan(first);
  expect(await slider.getAttribute('aria-valuetext')).toBe('23,5 °C');

  // Then the state after the end: back to the schedule ("Nach Zeitplan" alone, not the
  // "… nach Zeitplan" of the temporary panel), no countdown, the permanent target.
  await expect(page.getByText('Nach Zeitplan', { exact: true })).toBeVisible({ timeout: 75_000 });
  // Not before its end: a minute after it was set (less a second for the rounding of the
  // remaining time the page counts down from).
  expect(Date.now() - setAt).toBeGreaterThanOrEqual(59_000);
  await expect(countdown).toHaveCount(0);
  await expect(slider).toHaveAttribute('aria-valuenow', permanent);
  await expect(page.getByText('Vorübergehende Temperatur')).toHaveCount(0);
});
