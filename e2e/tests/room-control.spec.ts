import { demo, expect, test } from '../support/fixtures';
import { dial, requestsSoFar, roomCard, signInAndOpen } from '../support/rooms';

const countdownFormat = /^\d{2}h \d{2}m \d{2}s$/;
/** "21,5 °C": how the page speaks a temperature in German. */
const german = (value: number) => `${value.toFixed(1).replace('.', ',')} °C`;

test('a target set by keyboard starts temporary mode with a ticking countdown', async ({
  page,
  server,
}) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.postData() ?? '');
  });
  await signInAndOpen(page, 'room-control/smart/room/1');
  const slider = dial(page, 'Wohnzimmer');
  // The schedule decides the starting target (it depends on the time of day).
  await expect(page.getByText('Nach Zeitplan', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+,\d °C (um|morgen um|am) /)).toBeVisible();
  const start = Number(await slider.getAttribute('aria-valuenow'));
  await expect(slider).toHaveAttribute('aria-valuetext', german(start));
  await page.getByLabel('Dauer').fill('3');
  await expect(page.getByLabel('Dauer')).toHaveAttribute('aria-valuetext', '3 Stunden');

  await slider.focus();
  await page.keyboard.press('ArrowUp');
  await expect(slider).toHaveAttribute('aria-valuetext', german(start + 0.5));
  await page.keyboard.press('PageUp');
  await expect(slider).toHaveAttribute('aria-valuenow', String(start + 1.5));

  await expect(page.getByText('Gespeichert')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vorübergehende Temperatur' })).toBeVisible();
  const countdown = page.getByTestId('countdown');
  await expect(countdown).toHaveText(countdownFormat);
  await expect(countdown).toHaveText(/^0[23]h \d{2}m \d{2}s$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!);
  // What follows is the schedule's target at the end (the start's, unless the three hours cross
  // a switch point, e.g. 03:30 + 3 h past 06:00), as the server says.
  const [room] = (await (
    await fetch(`${server.origin}/get/json/v1/1/temps/1/`, {
      headers: { authorization: `Basic ${btoa(`${demo.username}:${demo.password}`)}` },
    })
  ).json()) as { after_temporary_temperature: number }[];
  await expect(
    page.getByText(`Danach wieder ${german(room!.after_temporary_temperature)} nach Zeitplan`),
  ).toBeVisible();
  // One write per key press, each with a one-decimal target and the duration in minutes.
  await expect.poll(() => posts.length).toBe(2);
  expect(posts[1]).toMatch(new RegExp(`name="ziel"\r\n\r\n${(start + 1.5).toFixed(1)}\r\n`));
  expect(posts[1]).toMatch(/name="duration"\r\n\r\n180\r\n/);
  await expect(slider).toHaveAttribute('aria-valuenow', String(start + 1.5));

  await page.getByRole('button', { name: 'Vorübergehende Temperatur beenden' }).click();
  await expect(page.getByText('Nach Zeitplan', { exact: true })).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuenow', String(start));
  await expect(page.getByTestId('countdown')).toHaveCount(0);
});

test('dragging the handle previews and commits once on release', async ({ page }) => {
  let writes = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST') writes += 1;
  });
  await signInAndOpen(page, 'room-control/smart/room/2');
  const slider = dial(page, 'Küche');
  await expect(slider).toHaveAttribute('aria-valuenow', /^\d/);
  const handle = page.locator('[data-dial-handle] circle').last();
  const from = (await handle.boundingBox())!;
  const box = (await slider.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Along the arc to the right of the top (3 o'clock is about 24 °C).
  const steps = [0.6, 0.75, 0.9];
  for (const x of steps) await page.mouse.move(box.x + box.width * x, box.y + box.height * 0.35);
  await page.mouse.move(box.x + box.width, box.y + box.height / 2, { steps: 5 });
  await expect(slider).toHaveAttribute('aria-valuenow', '24');
  // Nothing committed while the pointer is down: checked after every request the moves could
  // have started has been seen.
  await requestsSoFar(page);
  expect(writes).toBe(0);
  await page.mouse.up();
  await expect(page.getByText('Gespeichert')).toBeVisible();
  // Request events reach the test asynchronously: poll rather than read once.
  await expect.poll(() => writes).toBe(1);
  await expect(slider).toHaveAttribute('aria-valuetext', '24,0 °C');
  await expect(page.getByTestId('countdown')).toHaveText(countdownFormat);
});

test('a target made permanent shows in the floor overview', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/room/3');
  const slider = dial(page, 'Arbeitszimmer');
  await slider.focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('countdown')).toBeVisible();
  await page.getByRole('button', { name: 'Dauerhaft übernehmen' }).click();
  await expect(page.getByText('Nach Zeitplan', { exact: true })).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuetext', '26,0 °C');
  await page.getByRole('link', { name: 'Zurück zum Erdgeschoss' }).click();
  const card = roomCard(page, 'Arbeitszimmer');
  await expect(card.getByRole('definition').nth(1)).toHaveText('26,0 °C');
  await expect(card.getByText('vorübergehend')).toHaveCount(0);
});
