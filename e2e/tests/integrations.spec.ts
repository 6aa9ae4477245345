import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';
import type { RunningServer } from '../support/server';

/**
 * Issue 35, "Integrationen": a script reads the building with an access token made in the
 * browser, no password anywhere; once the token is revoked in the browser the script's next
 * request is refused. And the page on a phone in the dark, by keyboard, axe clean.
 */

/** What a script does: read the rooms with nothing but the token. */
const readRooms = (server: RunningServer, token: string) =>
  fetch(`${server.origin}/get/json/v1/1/temps/`, {
    headers: { authorization: `Bearer ${token}` },
  });

/** promtool's verdict on a prometheus.yml holding only the page's scrape entry. */
function promtoolCheck(config: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-scrape-'));
  try {
    const file = path.join(dir, 'prometheus.yml');
    writeFileSync(file, config);
    return execFileSync('promtool', ['check', 'config', file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a token used by a script is revoked in the browser and refused on the next request', async ({
  page,
  context,
  server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.origin,
  });
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

  // The user menu's entry is live and opens the page.
  await page
    .getByRole('button', { name: /Benutzermenü von demo/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Integrationen' }).click();
  await expect(page).toHaveURL(/\/re\/home\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrationen' })).toBeVisible();

  // A read token for the script.
  const tokens = page.getByRole('region', { name: 'Zugangstoken' });
  await tokens.getByRole('textbox', { name: 'Name' }).fill('Skript im Keller');
  await expect(tokens.getByRole('combobox', { name: 'Zugriff' })).toHaveValue('read');
  await tokens.getByRole('button', { name: 'Token erstellen' }).click();
  const reveal = page.getByRole('region', { name: 'Token „Skript im Keller“ erstellt' });
  await expect(reveal).toContainText('Es wird nicht noch einmal angezeigt');
  const shown = (await reveal.locator('code').textContent()) ?? '';
  expect(shown).toMatch(/^rr_[A-Za-z0-9_-]{32,}$/);
  await reveal.getByRole('button', { name: 'Token kopieren' }).click();
  await expect(reveal.getByRole('status')).toHaveText('In die Zwischenablage kopiert.');
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(shown);

  // The scrape entry carries the new read token, and Prometheus takes it as it is.
  const metrics = page.getByRole('region', { name: 'Prometheus-Metriken' });
  await expect(metrics).toContainText(`${server.origin}/metrics`);
  const entry = (await metrics.locator('pre').textContent()) ?? '';
  expect(entry).toContain(`credentials: ${secret}`);
  expect(entry).toContain(`targets: ['${new URL(server.origin).host}']`);
  expect(promtoolCheck(entry)).toContain('SUCCESS');

  // The script reads the building with the token alone.
  const before = await readRooms(server, secret);
  expect(before.status).toBe(200);
  expect(Array.isArray(await before.json())).toBe(true);

  // Put away, the secret is not in the page any more; the list has the token.
  await reveal.getByRole('button', { name: 'Fertig, ausblenden' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = tokens.getByRole('row').filter({
    has: page.getByRole('rowheader', { name: 'Skript im Keller' }),
  });
  await expect(row).toContainText('Lesen');
  await expect(row).toContainText('läuft nie ab');

  // Revoked in the browser, after the question that names it.
  await row.getByRole('button', { name: 'Token „Skript im Keller“ widerrufen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Token „Skript im Keller“ widerrufen?' });
  await expect(dialog).toContainText('Werkzeuge, die es benutzen, verlieren sofort den Zugang.');
  await dialog.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(dialog).toBeHidden();
  await expect(tokens.getByRole('rowheader', { name: 'Skript im Keller' })).toHaveCount(0);

  // The script's very next request is refused.
  const after = await readRooms(server, secret);
  expect(after.status).toBe(401);
});

test.describe('on a phone in the dark', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('a read-only user makes a read token by keyboard and revokes it, cards, axe clean', async ({
    page,
  }) => {
    await signIn(page, { username: 'bewohner', password: 'bewohner1234' });
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await page.goto('integrations');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('heading', { level: 1, name: 'Integrationen' })).toBeVisible();
    await expect(page.getByText('Sie haben noch keine Token.', { exact: false })).toBeVisible();
    await expectNoA11yViolations(page, 'integrations, empty, dark phone');

    // Someone who may only look is offered only read tokens.
    const access = page.getByRole('combobox', { name: 'Zugriff' });
    await expect(access.getByRole('option')).toHaveText(['Lesen']);

    // By keyboard: type the name, Enter creates; the focus lands on the news.
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.focus();
    await page.keyboard.type('Anzeige im Flur');
    await page.keyboard.press('Enter');
    const reveal = page.getByRole('region', { name: 'Token „Anzeige im Flur“ erstellt' });
    await expect(reveal.getByRole('heading')).toBeFocused();
    await expect(reveal.locator('code')).toHaveText(/^rr_/);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoA11yViolations(page, 'integrations, token revealed, dark phone');

    // Cards instead of a table.
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page
      .getByRole('list', { name: 'Zugangstoken' })
      .getByRole('listitem')
      .filter({ hasText: 'Anzeige im Flur' });
    await expect(card).toContainText('nie benutzt');

    // Revoke by keyboard: Escape cancels and gives the focus back, Enter on "Widerrufen" revokes.
    const revoke = card.getByRole('button', { name: /Widerrufen/ });
    await revoke.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Token „Anzeige im Flur“ widerrufen?' });
    await expect(dialog).toBeVisible();
    await expectNoA11yViolations(page, 'revoke dialog, dark phone');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(revoke).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Widerrufen' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('Sie haben noch keine Token.', { exact: false })).toBeVisible();
  });
});
