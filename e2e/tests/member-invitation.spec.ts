import { expect, test } from '../support/fixtures';
import { readMail } from '../support/mail';

// Issue 34: a manager adds a member through the members API; the invitation mail's link opens
// "Willkommen bei Raumregler", the member sets a password and lands signed in, seeing only the
// floor of their scope.
test('an invited member sets a password from the mail and sees only their rooms', async ({
  page,
  server,
}) => {
  const added = await fetch(`${server.origin}/api/members/`, {
    method: 'POST',
    body: new URLSearchParams({
      user: 'demo',
      password: 'demo1234',
      username: 'erika',
      email: 'erika@example.com',
      language: 'de',
      access_to_smart: 'permanent',
      access_to_pro: 'permanent',
      floors: '1',
    }),
  });
  expect(added.status).toBe(201);

  const mail = await readMail(server.dataDir);
  expect(mail).toContain('To: erika@example.com');
  const link = new URL(/https?:\/\/\S+\/auth\/invitation\?\S+/.exec(mail)![0]);
  expect(link.searchParams.get('user')).toBe('erika');

  await page.goto(`${server.origin}${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Willkommen bei Raumregler' })).toBeVisible();
  await page.getByLabel('Neues Passwort', { exact: true }).fill('erikas-passwort');
  await page.getByLabel('Neues Passwort bestätigen').fill('erikas-passwort');
  await page.getByRole('button', { name: 'Passwort festlegen' }).click();

  // Signed in without the login form: the main menu holds her floor only.
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('link', { name: 'Erdgeschoss' }).first()).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Obergeschoss' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/auth\//);

  // The link worked once.
  const again = await fetch(`${server.origin}/api/reset-password`, {
    method: 'POST',
    body: new URLSearchParams({
      token: link.searchParams.get('token')!,
      email: 'erika@example.com',
      password: 'noch-einmal',
      password_confirmation: 'noch-einmal',
    }),
  });
  expect(again.status).toBe(400);
});
