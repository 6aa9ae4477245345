import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The .eml files the server wrote (no SMTP configured), oldest first. */
export function mailFiles(dataDir: string): string[] {
  const folder = path.join(dataDir, 'mail');
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => path.join(folder, name));
  } catch {
    return [];
  }
}

/** Quoted-printable, as nodemailer writes bodies with umlauts and long lines. */
function decodeQuotedPrintable(raw: string) {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Waits for the n-th mail in the server's data folder and answers its text. */
export async function readMail(dataDir: string, count = 1): Promise<string> {
  await expect
    .poll(() => mailFiles(dataDir).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  return decodeQuotedPrintable(readFileSync(mailFiles(dataDir)[count - 1]!, 'utf8'));
}

/** The reset link of a mail: path and query, to be opened against the test's own server. */
export function resetLinkOf(mail: string): { url: URL; pathAndQuery: string } {
  const match = /https?:\/\/\S+\/reset-password\/change\?\S+/.exec(mail);
  if (!match) throw new Error(`no reset link in the mail:\n${mail}`);
  const url = new URL(match[0]);
  return { url, pathAndQuery: `${url.pathname}${url.search}` };
}
