import { createHash, timingSafeEqual } from 'node:crypto';
import type * as NodeCrypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { bearerOf, sameDigest, tokenUser } from './access-tokens.js';
import type { UserRecord } from './users.js';

// Every digest comparison goes through crypto.timingSafeEqual: the spy counts the calls.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

describe('the pieces', () => {
  it('compares digests in constant time, also of other lengths', () => {
    const a = createHash('sha256').update('a').digest('hex');
    const b = createHash('sha256').update('b').digest('hex');
    vi.mocked(timingSafeEqual).mockClear();
    expect(sameDigest(a, a)).toBe(true);
    expect(sameDigest(a, b)).toBe(false);
    expect(vi.mocked(timingSafeEqual)).toHaveBeenCalledTimes(2);
    expect(sameDigest(a, a.slice(2))).toBe(false);
  });

  it('reads the Bearer scheme in any case, and nothing else', () => {
    expect(bearerOf('Bearer rr_abc')).toBe('rr_abc');
    expect(bearerOf('bearer  rr_abc ')).toBe('rr_abc');
    expect(bearerOf('Bearer')).toBe('');
    expect(bearerOf('Basic ZGVtbzpkZW1vMTIzNA==')).toBeNull();
    expect(bearerOf('Bearerrr_abc')).toBeNull();
    expect(bearerOf(undefined)).toBeNull();
  });

  it('limits the owner to the token’s access, keeping scope and validity', () => {
    const owner = {
      accessSmart: 'full',
      accessPro: 'no-access',
      rooms: [5],
      validUntil: '2026-12-31',
    } as UserRecord;
    expect(tokenUser(owner, 'read')).toMatchObject({
      accessSmart: 'read',
      accessPro: 'no-access',
      rooms: [5],
      validUntil: '2026-12-31',
    });
    expect(tokenUser(owner, 'write')).toMatchObject({
      accessSmart: 'permanent',
      accessPro: 'no-access',
    });
    expect(tokenUser({ ...owner, accessPro: 'read' }, 'write').accessPro).toBe('read');
  });
});
