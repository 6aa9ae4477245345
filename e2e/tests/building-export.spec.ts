import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HistoryAnswer } from '@raumregler/contract';
import { parseCsv, parseLocaleNumber } from '@raumregler/contract/testing';
import { benchUser, generateBuilding } from '../../apps/server/src/test-support/generate-building';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';
import type { RunningServer } from '../support/server';
import { berlinDate, berlinMidnight } from '../support/berlin';

// Issue 32, 5: "a month exported for all rooms and read back by a CSV parser with the German
// settings". The generated 1,000-room building gets its month of history the way a fresh
// simulated server makes it: the simulation's backfill (HISTORY_BACKFILL_DAYS) of every room.
const seedFile = path.join(mkdtempSync(path.join(tmpdir(), 'raumregler-export-')), 'seed.json');
writeFileSync(seedFile, JSON.stringify(generateBuilding(20, 50)));
test.use({ serverEnv: { SEED_FILE: seedFile, HISTORY_BACKFILL_DAYS: '32' } });

const ROOMS = 1000;
const authorization = `Basic ${Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64')}`;
const germanDate = (date: string) => date.split('-').reverse().join('.');

async function backfillDone(server: RunningServer) {
  await expect
    .poll(
      async () => {
        const response = await fetch(`${server.origin}/api/history/status`, {
          headers: { authorization },
        });
        return ((await response.json()) as { backfill: string }).backfill;
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe('done');
}

test.describe('the building export (1,000 rooms)', () => {
  test.describe.configure({ timeout: 480_000 });

  test('a month of all rooms, downloaded from the overview, reads back with the German settings', async ({
    page,
    server,
  }) => {
    await backfillDone(server);
    await signIn(page, benchUser);
    await expect(page).not.toHaveURL(/auth\/login/);
    await page.goto('');
    await page.getByRole('button', { name: 'Alle Räume exportieren…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alle Räume exportieren' });
    await expect(dialog.getByLabel('Zeitraum')).toHaveValue('lastMonth');
    await expect(dialog.getByLabel('Geschoss')).toHaveValue('');
    await expectNoA11yViolations(page);

    // The 30 whole days before today: a month the backfill covers.
    const from = berlinDate(30);
    const to = berlinDate(1);
    await dialog.getByLabel('Von').fill(from);
    await dialog.getByLabel('Bis').fill(to);
    await expect(dialog.getByLabel('Zeitraum')).toHaveValue('custom');
    await expect(dialog.getByLabel('Auflösung')).toHaveValue('1h');
    const downloading = page.waitForEvent('download', { timeout: 240_000 });
    await dialog.getByRole('button', { name: 'Herunterladen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`verlauf-alle-raeume-${from}-bis-${to}.csv`);
    await expect(dialog).toBeHidden();

    const bytes = readFileSync((await download.path())!);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const { bom, rows } = parseCsv(text, ';');
    expect(bom).toBe(true);
    expect(rows[0]).toEqual([
      'Raum',
      'Geschoss',
      'Zeit',
      'Temperatur',
      'Ziel',
      'Luftfeuchte',
      'Ventil',
    ]);
    const start = berlinMidnight(from);
    const end = berlinMidnight(berlinDate(0));
    const hours = (end - start) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(30 * 24 - 1);
    const body = rows.slice(1);
    expect(body).toHaveLength(ROOMS * hours);
    expect(body.every((row) => row.length === 7)).toBe(true);
    expect(body[0]!.slice(0, 3)).toEqual(['Raum 1.01', 'EG', `${germanDate(from)} 00:00`]);
    expect(body.at(-1)!.slice(0, 3)).toEqual(['Raum 20.50', '19. OG', `${germanDate(to)} 23:00`]);

    // A value: room 501's 08:00 on the first day is the mean of its four quarters in the room
    // history, written with a decimal comma.
    const quarterFrom = new Date(start + 8 * 3_600_000).toISOString();
    const quarterTo = new Date(start + 8 * 3_600_000 + 45 * 60_000).toISOString();
    const answer = (await (
      await fetch(
        `${server.origin}/api/history/501/?from=${quarterFrom}&to=${quarterTo}&step=900`,
        { headers: { authorization } },
      )
    ).json()) as HistoryAnswer;
    expect(answer.samples).toHaveLength(4);
    const mean = (values: number[]) =>
      Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
    const row = body.find((r) => r[0] === 'Raum 11.01' && r[2] === `${germanDate(from)} 08:00`)!;
    expect(row[1]).toBe('10. OG');
    expect(row[3]).toMatch(/^\d+(,\d+)?$/);
    expect(parseLocaleNumber(row[3]!, true)).toBe(
      mean(answer.samples.map((sample) => sample.temperature!)),
    );
    expect(parseLocaleNumber(row[4]!, true)).toBe(
      mean(answer.samples.map((sample) => sample.target!)),
    );
  });

  test('English on a phone: the dialog fits, starts with the floor filter and refuses a bad period', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, benchUser);
    await expect(page).not.toHaveURL(/auth\/login/);
    await page.goto('?floor=3&lang=en');
    await page.getByRole('button', { name: 'Export all rooms…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export all rooms' });
    await expect(dialog.getByLabel('Floor')).toHaveValue('3');
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await dialog.getByLabel('From').fill('2026-11-20');
    await dialog.getByLabel('To').fill('2026-11-10');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect(dialog.getByText('The end must not be before the start.')).toBeVisible();
    await expect(dialog.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
