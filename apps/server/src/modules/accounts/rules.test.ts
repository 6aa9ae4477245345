import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../platform/auth/users.js';
import { isLastManager, leavesNoBuildingManager } from './rules.js';

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

describe('the last building-wide manager (issue 34)', () => {
  const admin = { ...user(1, 'full', 'full'), floors: [], rooms: [] };
  const caretaker = { ...user(2, 'full', 'full'), floors: [1], rooms: [] };

  it('counts only managers of the whole building, valid today', () => {
    expect(isLastManager(admin, [admin, caretaker])).toBe(true);
    expect(isLastManager(caretaker, [admin, caretaker])).toBe(false);
    const expired = { ...admin, id: 3, validUntil: '2026-11-01' };
    expect(isLastManager(admin, [admin, expired], '2026-11-23')).toBe(true);
    expect(isLastManager(admin, [admin, { ...expired, validUntil: null }], '2026-11-23')).toBe(
      false,
    );
  });

  it('refuses scoping or time-limiting the last one, not others', () => {
    const users = [admin, caretaker];
    expect(leavesNoBuildingManager({ ...admin, rooms: [5] }, users, '2026-11-23')).toBe(true);
    expect(
      leavesNoBuildingManager({ ...admin, validUntil: '2026-11-22' }, users, '2026-11-23'),
    ).toBe(true);
    expect(
      leavesNoBuildingManager({ ...admin, validUntil: '2027-01-01' }, users, '2026-11-23'),
    ).toBe(false);
    expect(leavesNoBuildingManager({ ...caretaker, floors: [2] }, users, '2026-11-23')).toBe(false);
  });
});
