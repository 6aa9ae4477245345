import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { startTestServer, type TestServer } from './test-server.js';

/** A test server whose reset mails land in a throw-away folder. */
export async function startAccountsServer(config: Partial<Config> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-accounts-'));
  const server = await startTestServer({ config: { dataDir, ...config } });
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

/** Decodes a quoted-printable body, as nodemailer writes text with umlauts and long lines. */
export function decodeQuotedPrintable(raw: string) {
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

export function resetLinkIn(rawMail: string) {
  const link = /https?:\/\/\S+\/reset-password\/change\?\S+/.exec(decodeQuotedPrintable(rawMail));
  if (!link) throw new Error(`no reset link in mail:\n${rawMail}`);
  return new URL(link[0]);
}

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
