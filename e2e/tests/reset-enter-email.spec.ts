import { expect, test } from '../support/fixtures';
import { mailFiles, readMail } from '../support/mail';

// Issue 18, item 6: the static "enter e-mail" form accepted anything and then claimed a link was
// on its way. It now checks the address like the real form, the next page promises nothing that
// was not sent, and both lead to the working reset flow.

test('the static form refuses an invalid address with the real form’s message', async ({
  page,
}) => {
  await page.goto('auth/reset-password/enter-email');
  const field = page.getByLabel('E-Mail-Adresse');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('E-Mail-Adresse ist erforderlich')).toBeVisible();
  await field.fill('kein-at-zeichen');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Ungültiges E-Mail-Format')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/reset-password\/enter-email$/);
});

test('after the static form nothing is promised, and the working flow sends the link', async ({
  page,
  server,
}) => {
  await page.goto('auth/reset-password/enter-email');
  await page.getByLabel('E-Mail-Adresse').fill('bewohner@example.com');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/reset-password\/check-email\?email=bewohner%40example\.com$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Noch kein Link gesendet' }),
  ).toBeVisible();
  await expect(
    page.getByText('An bewohner@example.com wurde noch keine E-Mail gesendet.'),
  ).toBeVisible();
  await expect(page.getByText(/unterwegs/)).toHaveCount(0);
  await expect(page.getByText(/gesendet\. Bitte prüfen/)).toHaveCount(0);
  expect(mailFiles(server.dataDir)).toHaveLength(0);

  // The offered link opens the working form with the address filled in; it sends the mail.
  await page.getByRole('link', { name: 'Link zum Zurücksetzen anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort vergessen?' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue('bewohner@example.com');
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(
    page.getByText(
      'Link zum Zurücksetzen gesendet. Bitte prüfen Sie Ihre E-Mails, um fortzufahren',
    ),
  ).toBeVisible();
  expect(await readMail(server.dataDir)).toContain('To: bewohner@example.com');
});

test('the static form links the working reset flow', async ({ page }) => {
  await page.goto('auth/classic/reset-password/enter-email');
  await expect(page.getByText('Dieses Formular sendet keine E-Mail.')).toBeVisible();
  await page.getByRole('link', { name: 'Link zum Zurücksetzen anfordern' }).click();
  await expect(page).toHaveURL(/auth\/classic\/reset-password$/);
  await expect(page.getByRole('button', { name: 'Link zum Zurücksetzen senden' })).toBeVisible();
});
