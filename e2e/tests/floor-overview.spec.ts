import { expectNoA11yViolations } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { roomCard, signInAndOpen } from '../support/rooms';

test('the SMART floor overview names the floor and shows three figures per room, linked', async ({
  page,
}) => {
  await signInAndOpen(page, 'room-control/smart/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Erdgeschoss' })).toBeVisible();
  const living = roomCard(page, 'Wohnzimmer');
  await expect(living.getByRole('definition')).toHaveCount(3);
  await expect(living.getByText('Aktuell')).toBeVisible();
  await expect(living.getByText('Heizen auf')).toBeVisible();
  await expect(living.getByText('Danach')).toBeVisible();
  await expect(living.getByText('20,5 °C')).toBeVisible();
  // A room without a sensor shows a dash, never "null °C".
  const toilet = roomCard(page, 'Gäste-WC');
  await expect(toilet.getByRole('definition').first()).toHaveText('–');
  await expect(page.getByText(/null|NaN|undefined/)).toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: 'Küche' }).click();
  await expect(page).toHaveURL(/room-control\/smart\/room\/2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Küche' })).toBeVisible();
});

test('the PRO overview shows room titles as plain text and OG as Obergeschoss', async ({
  page,
}) => {
  await signInAndOpen(page, 'room-control/pro/2');
  await expect(page.getByRole('heading', { level: 1, name: 'Obergeschoss' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Schlafzimmer' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Schlafzimmer' })).toHaveCount(0);
});

test('an unknown floor says so clearly', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/99');
  await expect(page.getByRole('heading', { name: 'Dieses Geschoss gibt es nicht' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
});

test('German text from a real device shows a dash, an old sensor report a warning', async ({
  page,
}) => {
  await page.route('**/api/get/json/v1/1/temps/', async (route) => {
    const response = await route.fetch();
    const floors = await response.json();
    floors[0].raeume[0].temperatur = 'kein Sensor vorhanden';
    floors[0].raeume[0].next_temperature = 'kein Zeitplan';
    // A sensor that went quiet long ago.
    floors[0].raeume[0].sensoren = [
      {
        name: '28-0001',
        beschreibung: 'Wand',
        wert: null,
        letzte_uebertragung: '01.01.2020 08:15',
        raumtemperatursensor: true,
      },
    ];
    await route.fulfill({ response, json: floors });
  });
  await signInAndOpen(page, 'room-control/smart/1');
  const living = roomCard(page, 'Wohnzimmer');
  await expect(living.getByRole('definition').first()).toHaveText('–');
  await expect(page.getByText('kein Sensor vorhanden')).toHaveCount(0);
  await living.getByRole('link', { name: 'Wohnzimmer' }).click();
  await expect(page.getByRole('slider', { name: 'Zieltemperatur Wohnzimmer' })).toBeVisible();
  await expect(page.getByText('Aktuell –')).toBeVisible();
  await expect(page.getByText('Aktuell keine geplante Temperaturänderung')).toBeVisible();
  await expect(
    page.getByText('Letzte Messung am 1. Jan. 2020 um 08:15: Der Wert kann veraltet sein.'),
  ).toBeVisible();
});

test('the floor overview has no accessibility violations', async ({ page }) => {
  await signInAndOpen(page, 'room-control/smart/1');
  await expect(roomCard(page, 'Küche')).toBeVisible();
  await expectNoA11yViolations(page, 'on the floor overview');
});
