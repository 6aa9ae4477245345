import { describe, expect, it } from 'vitest';
import { boundByLimits, can, capabilitiesOf, managesBuilding } from './capabilities.js';
import { formatRoomLimits, isDay, roomLimitsProblem } from './room-scope.js';

const as = (smart: string, pro: string) => ({ access_to_smart: smart, access_to_pro: pro });

describe('capabilities', () => {
  it('gives nothing to a user without access in both areas', () => {
    expect(capabilitiesOf(as('no-access', 'no-access'))).toEqual([]);
    expect(capabilitiesOf(null)).toEqual([]);
  });

  it('lets read access in one area read, and nothing more', () => {
    expect(capabilitiesOf(as('read', 'no-access'))).toEqual(['read']);
    expect(capabilitiesOf(as('no-access', 'read'))).toEqual(['read']);
  });

  it('lets permanent access write but not manage', () => {
    expect(capabilitiesOf(as('permanent', 'no-access'))).toEqual(['read', 'write']);
  });

  it('lets full access in either area manage', () => {
    expect(capabilitiesOf(as('no-access', 'full'))).toEqual(['read', 'write', 'manage']);
    expect(can(as('read', 'full'), 'manage')).toBe(true);
  });

  it('reads but never writes with an access value it does not know', () => {
    expect(capabilitiesOf(as('something-new', 'no-access'))).toEqual(['read']);
  });
});

describe('capabilities in a room, on a day (issue 34)', () => {
  const tenant = { ...as('permanent', 'no-access'), rooms: [21], floors: [] };
  const caretaker = { ...as('full', 'full'), floors: [1] };
  const room = (id: number, floor: number) => ({ id, floor });

  it('grants inside the scope only; without a room, somewhere in it', () => {
    expect(can(tenant, 'write', room(21, 2))).toBe(true);
    expect(can(tenant, 'read', room(22, 2))).toBe(false);
    expect(can(tenant, 'write')).toBe(true);
    expect(can(caretaker, 'manage', room(3, 1))).toBe(true);
    expect(can(caretaker, 'manage', room(21, 2))).toBe(false);
  });

  it('holds the union of floors and rooms, and no scope is the whole building', () => {
    const both = { ...as('read', 'read'), floors: [1], rooms: [21] };
    expect(can(both, 'read', room(3, 1))).toBe(true);
    expect(can(both, 'read', room(21, 2))).toBe(true);
    expect(can(both, 'read', room(22, 2))).toBe(false);
    expect(can(as('read', 'read'), 'read', room(22, 2))).toBe(true);
  });

  it('gives no rooms outside the validity, both days included', () => {
    const limited = { ...tenant, valid_from: '2027-01-01', valid_until: '2027-12-31' };
    expect(can(limited, 'read', room(21, 2), '2026-12-31')).toBe(false);
    expect(can(limited, 'read', room(21, 2), '2027-01-01')).toBe(true);
    expect(can(limited, 'read', room(21, 2), '2027-12-31')).toBe(true);
    expect(can(limited, 'read', null, '2028-01-01')).toBe(false);
  });

  it('binds everyone who does not manage the room by its limits; building-wide managers have no scope', () => {
    expect(boundByLimits(tenant, room(21, 2))).toBe(true);
    expect(boundByLimits(caretaker, room(3, 1))).toBe(false);
    expect(boundByLimits(caretaker, room(21, 2))).toBe(true);
    expect(managesBuilding(caretaker)).toBe(false);
    expect(managesBuilding(as('full', 'no-access'))).toBe(true);
  });
});

describe('room limits (issue 34)', () => {
  it('takes 0.5 °C steps within 5–30 °C, min not above max, and names them in German', () => {
    expect(roomLimitsProblem(16, 23)).toBeNull();
    expect(roomLimitsProblem(16.3, 23)).toBe('min must be in steps of 0.5 °C');
    expect(roomLimitsProblem(16, 30.5)).toBe('max must be between 5 and 30 °C');
    expect(roomLimitsProblem(24, 23)).toBe('min must not be above max');
    expect(formatRoomLimits({ min: 16, max: 22.5 })).toBe('16,0–22,5 °C');
    expect(isDay('2027-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
  });
});
