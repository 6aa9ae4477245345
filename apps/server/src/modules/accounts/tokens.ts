import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_VALID_MINUTES = 60;

/** 32 random bytes, URL-safe: a reset link needs no further escaping. */
export const newResetToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored. A fast hash is enough: the token has 256 bits, nothing to guess. */
export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
