import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeQuotedPrintable, findResetLink } from '@raumregler/contract/testing';
import type { AppOptions } from '../app.js';
import type { Config } from '../config.js';
import { startTestServer, type TestServer } from './test-server.js';

/** A test server whose reset mails land in a throw-away folder; `now` is its clock. */
export async function startAccountsServer(
  config: Partial<Config> = {},
  now?: () => number,
  logStream?: AppOptions['logStream'],
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-accounts-'));
  const server = await startTestServer({ config: { dataDir, ...config }, now, logStream });
  return {
    ...server,
    mailDir: path.join(dataDir, 'mail'),
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type AccountsServer = Awaited<ReturnType<typeof startAccountsServer>>;

export { decodeQuotedPrintable };

/** The reset link in a mail as the server wrote it (quoted-printable). */
export const resetLinkIn = (rawMail: string) =>
  new URL(findResetLink(decodeQuotedPrintable(rawMail)));

export function mailFiles(mailDir: string): string[] {
  try {
    return readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
}

/** Waits for the n-th mail: the server writes it just after answering. */
export async function waitForMail(mailDir: string, count = 1): Promise<string> {
  for (let i = 0; i < 1000; i++) {
    const files = mailFiles(mailDir).sort();
    if (files.length >= count) return readFileSync(path.join(mailDir, files[count - 1]!), 'utf8');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`mail ${count} did not arrive in ${mailDir}`);
}

export const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

export const post = (server: TestServer, path: string, body: RequestInit['body'], headers = {}) =>
  server.request(path, { method: 'POST', body, headers });
