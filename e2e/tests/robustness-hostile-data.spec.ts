import { expect, signIn, test as base } from '../support/fixtures';
import { startServer } from '../support/server';

// Names come from an installer's seed file or a device: a name is data, never markup. Every
// payload sets window.__xss or opens a dialog if it ever runs.
const roomNames = [
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<script>window.__xss=2;alert(2)</script>',
  '"><svg onload="window.__xss=3;alert(3)">',
  "{{constructor.constructor('window.__xss=4')()}}",
  'Küche & <b>Bad</b> &amp; &lt;i&gt;',
];
const floorNames = ['<iframe src="javascript:alert(5)">', 'OG<script>alert(6)</script>'];

const hostileSeed = {
  building: { name: '<script>alert(7)</script>Haus', houseId: 1 },
  users: [
    {
      username: 'demo',
      email: 'demo@example.com',
      password: 'demo1234',
      firstName: '<img src=x onerror=alert(8)>',
      lastName: 'Demo',
      access: { smart: 'full', pro: 'full' },
    },
  ],
  floors: floorNames.map((name, f) => ({
    id: f + 1,
    name,
    rooms: roomNames.slice(f * 3, f * 3 + 3).map((roomName, r) => ({
      id: f * 10 + r + 1,
      name: roomName,
      temperature: 20.5,
      target: 21,
    })),
  })),
};

const test = base.extend({
  server: async ({}, use) => {
    const server = await startServer({ seed: hostileSeed });
    await use(server);
    await server.stop();
  },
});

test('room and floor names with markup and scripts are shown as text, never run', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page);
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  // Each floor overview shows its floor's name as the heading and its rooms' names literally.
  for (const [index, floorName] of floorNames.entries()) {
    await page.goto(`room-control/smart/${index + 1}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: floorName })).toBeVisible();
    for (const roomName of roomNames.slice(index * 3, index * 3 + 3)) {
      await expect(main.getByText(roomName, { exact: true }).first()).toBeVisible();
    }
  }
  await page.goto('room-control/smart/room/1');
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: roomNames[0] }),
  ).toBeVisible();
  // Nothing the names carry became an element or ran.
  await expect(page.locator('img[src="x"], svg[onload], iframe, b:text("Bad")')).toHaveCount(0);
  expect(
    await page.locator('script:not([src])').evaluateAll((els) => els.map((el) => el.textContent)),
  ).not.toContainEqual(expect.stringContaining('__xss'));
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);
});
