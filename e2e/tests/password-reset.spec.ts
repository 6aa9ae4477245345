import { expect, test } from '../support/fixtures';
import { mailFiles, readMail, resetLinkOf } from '../support/mail';

// Request lines are logged at debug level only: turn them on to prove tokens are redacted there.
test.use({ serverEnv: { LOG_LEVEL: 'debug' } });

const sentText = 'Link zum Zurücksetzen gesendet. Bitte prüfen Sie Ihre E-Mails, um fortzufahren';

test('a user resets a forgotten password with the mailed link and signs in with the new one', async ({
  page,
  server,
  browser,
}) => {
  await page.goto('auth/reset-password');
  await page.getByLabel('E-Mail-Adresse').fill('bewohner@example.com');
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page.getByRole('status').filter({ hasText: sentText })).toBeVisible();
  await expect(page).toHaveURL(/reset-password\/check-email\?email=bewohner%40example\.com$/);
  await expect(page.getByText('bewohner@example.com')).toBeVisible();

  const mail = await readMail(server.dataDir);
  expect(mail).toContain('To: bewohner@example.com');
  const link = resetLinkOf(mail);
  expect(link.url.pathname).toBe('/re/home/auth/reset-password/change');
  expect(link.url.searchParams.get('email')).toBe('bewohner@example.com');

  await page.goto(`${server.origin}${link.pathAndQuery}`);
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  await page.getByLabel('Neues Passwort', { exact: true }).fill('frisch-gesetzt');
  await page.getByLabel('Neues Passwort bestätigen').fill('frisch-gesetzt');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Ihr Passwort wurde erfolgreich geändert.')).toBeVisible();
  await expect(page).toHaveURL(/auth\/reset-password\/changed$/);

  await page.getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/auth\/login$/);
  await page.getByLabel('Benutzername').fill('bewohner');
  await page.getByLabel('Passwort', { exact: true }).fill('frisch-gesetzt');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // Signed in: the main menu lists the building's floors.
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('link', { name: 'Erdgeschoss' }).first()).toBeVisible();

  // A second person, fresh browser: the old password and the used link are dead.
  const other = await browser.newPage({ baseURL: server.appUrl });
  await other.goto('auth/login');
  await other.getByLabel('Benutzername').fill('bewohner');
  await other.getByLabel('Passwort', { exact: true }).fill('bewohner1234');
  await other.getByRole('button', { name: 'Anmelden' }).click();
  await expect(other.getByRole('alert')).toHaveText('Die Anmeldedaten sind nicht korrekt');

  await other.goto(`${server.origin}${link.pathAndQuery}`);
  await other.getByLabel('Neues Passwort', { exact: true }).fill('noch-einmal');
  await other.getByLabel('Neues Passwort bestätigen').fill('noch-einmal');
  await other.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(other.getByRole('alert')).toContainText(
    'Dieser Link zum Zurücksetzen ist ungültig, bereits benutzt oder abgelaufen.',
  );
  await expect(other).toHaveURL(/reset-password\/change\?/);
  await other.close();

  // Without SMTP the mail's file is logged, never its link; opening it twice logged the page
  // requests without the token, and passwords never appear.
  expect(server.output()).toContain('reset mail written to a file');
  expect(server.output()).not.toContain(link.url.searchParams.get('token')!);
  expect(server.output()).toContain('token=[redacted]');
  expect(server.output()).not.toContain('frisch-gesetzt');
  expect(server.output()).not.toContain('bewohner1234');
});

test('an unknown address gets the same answer as a known one, and no mail', async ({
  page,
  server,
}) => {
  const answerFor = async (email: string) => {
    await page.goto('auth/classic/reset-password');
    await page.getByLabel('E-Mail-Adresse').fill(email);
    await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
    await expect(page).toHaveURL(/classic\/reset-password\/check-email/);
    // The URL changes before the screen's lazily loaded code has rendered: read what a person
    // reads once the page is there.
    await expect(page.getByRole('heading', { name: 'Prüfen Sie Ihr Postfach' })).toBeVisible();
    return page.getByRole('main').innerText();
  };
  const unknown = await answerFor('niemand@example.com');
  const known = await answerFor('demo@example.com');
  expect(unknown.replace('niemand@example.com', '…')).toBe(known.replace('demo@example.com', '…'));
  expect(unknown).toContain(sentText);
  await readMail(server.dataDir);
  expect(mailFiles(server.dataDir)).toHaveLength(1);
});

test('the reset forms name what is wrong, in German and in English', async ({ page }) => {
  await page.goto('auth/reset-password');
  const email = page.getByLabel('E-Mail-Adresse');
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page.getByText('E-Mail-Adresse ist erforderlich')).toBeVisible();
  await email.fill('abc');
  await expect(page.getByText('Ungültiges E-Mail-Format')).toBeVisible();

  await page.goto('auth/reset-password/change?token=t&email=demo%40example.com');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
  await expect(page.getByText('Das Passwort muss mindestens 6 Zeichen lang sein')).toBeVisible();
  await page.getByLabel('Neues Passwort bestätigen').fill('anders');
  await expect(page.getByText('Die Passwörter müssen übereinstimmen')).toBeVisible();

  await page.goto('auth/classic/reset-password/change?lang=en');
  await expect(page.getByRole('alert')).toHaveText('Token and email properties are required');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('New password is required')).toBeVisible();
  await expect(page.getByText('Please confirm your new password')).toBeVisible();
});
