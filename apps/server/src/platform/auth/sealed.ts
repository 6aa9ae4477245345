import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets the server must use again in clear (a device account's password), kept in the
 * database sealed: AES-256-GCM under a key derived from the token key (token-key.ts: TOKEN_SECRET
 * or DATA_DIR/token-secret), so the database alone (a backup, a stolen copy) does not give them
 * away, and every node with the same TOKEN_SECRET opens them. Format: `v1.<iv>.<tag>.<text>`,
 * base64url; the purpose is bound in as associated data, so a sealed value does not open as
 * another kind.
 */
const VERSION = 'v1';

const keyOf = (tokenKey: Buffer) =>
  createHmac('sha256', tokenKey).update('raumregler sealed secrets v1').digest();

export function sealSecret(tokenKey: Buffer, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(tokenKey), iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret in clear, or null when it does not open (another key, another purpose, damaged). */
export function openSecret(tokenKey: Buffer, purpose: string, sealed: string): string | null {
  const [version, iv, tag, text, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || text === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(tokenKey), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(text, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
