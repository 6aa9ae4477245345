import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './sealed.js';

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the sealed text does not show it', () => {
    const sealed = sealSecret(key, 'device account', 'geheim-passwort');
    expect(sealed).not.toContain('geheim');
    expect(sealed).not.toContain(Buffer.from('geheim-passwort').toString('base64url'));
    expect(openSecret(key, 'device account', sealed)).toBe('geheim-passwort');
    // Sealed twice, two texts (a fresh nonce each time).
    expect(sealSecret(key, 'device account', 'geheim-passwort')).not.toBe(sealed);
  });

  it('does not open under another key, for another purpose, or when damaged', () => {
    const sealed = sealSecret(key, 'device account', 'geheim');
    expect(openSecret(randomBytes(32), 'device account', sealed)).toBeNull();
    expect(openSecret(key, 'something else', sealed)).toBeNull();
    const [v, iv, tag, text] = sealed.split('.');
    const flipped = `${text![0] === 'A' ? 'B' : 'A'}${text!.slice(1)}`;
    expect(openSecret(key, 'device account', [v, iv, tag, flipped].join('.'))).toBeNull();
    expect(openSecret(key, 'device account', 'v1.x')).toBeNull();
    expect(openSecret(key, 'device account', '')).toBeNull();
  });
});
