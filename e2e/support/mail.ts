import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { decodeQuotedPrintable, findResetLink } from '@raumregler/contract/testing';

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

/** Waits for the n-th mail in the server's data folder and answers its text. */
export async function readMail(dataDir: string, count = 1): Promise<string> {
  await expect
    .poll(() => mailFiles(dataDir).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  return decodeQuotedPrintable(readFileSync(mailFiles(dataDir)[count - 1]!, 'utf8'));
}

/** The reset link of a mail: path and query, to be opened against the test's own server. */
export function resetLinkOf(mail: string): { url: URL; pathAndQuery: string } {
  const url = new URL(findResetLink(mail));
  return { url, pathAndQuery: `${url.pathname}${url.search}` };
}
