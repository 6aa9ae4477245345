import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The key file beside the database (decision 0080): 0600, like the database itself. */
export const TOKEN_KEY_FILE = 'token-secret';

/**
 * The key of the access tokens' keyed hash: TOKEN_SECRET when set; else a random key made once
 * and kept in DATA_DIR/token-secret (0600), so tokens outlive restarts while the database alone
 * (a backup, a stolen copy) holds nothing that makes a token. A database in memory (tests) gets a
 * key in memory: its tokens die with it anyway.
 */
export function loadTokenKey(config: {
  tokenSecret: string | null;
  dataDir: string;
  databaseFile: string;
}): Buffer {
  if (config.tokenSecret) return Buffer.from(config.tokenSecret, 'utf8');
  if (config.databaseFile === ':memory:') return randomBytes(32);
  const file = path.join(config.dataDir, TOKEN_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    // `wx`: made once; a second server starting at the same moment reads the first one's.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    chmodSync(file, 0o600);
  } catch (error) {
    // A file another user owns (a mounted volume) is left as its owner made it.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
  const key = readFileSync(file, 'utf8').trim();
  // A key file cut short would quietly make every token void: better refuse to start.
  if (key.length < 32) {
    throw new Error(
      `${file} holds no token key (at least 32 characters); set TOKEN_SECRET or remove the file`,
    );
  }
  return Buffer.from(key, 'utf8');
}
