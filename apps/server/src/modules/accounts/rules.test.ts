import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../platform/auth/users.js';
import { isLastManager } from './rules.js';

const user = (id: number, smart: string, pro: string, disabledAt: number | null = null) =>
  ({
    id,
    username: `u${id}`,
    email: `u${id}@example.com`,
    passwordHash: '',
    firstName: '',
    lastName: '',
    accessSmart: smart,
    accessPro: pro,
    disabledAt,
  }) as UserRecord;

describe('isLastManager', () => {
  it('is the only enabled user with full access in some area', () => {
    const admin = user(1, 'full', 'no-access');
    expect(isLastManager(admin, [admin, user(2, 'permanent', 'permanent')])).toBe(true);
  });

  it('is not when another user has full access in any area, even the other one', () => {
    const admin = user(1, 'full', 'no-access');
    expect(isLastManager(admin, [admin, user(2, 'no-access', 'full')])).toBe(false);
  });

  it('does not count a disabled user as keeping full access', () => {
    const admin = user(1, 'no-access', 'full');
    expect(isLastManager(admin, [admin, user(2, 'full', 'full', 1000)])).toBe(true);
  });

  it('never holds back a user without full access, or one already disabled', () => {
    const guest = user(1, 'read', 'permanent');
    expect(isLastManager(guest, [guest])).toBe(false);
    const gone = user(2, 'full', 'full', 1000);
    expect(isLastManager(gone, [gone, guest])).toBe(false);
  });
});
