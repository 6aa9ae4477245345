import { describe, expect, it } from 'vitest';
import { testIntl } from '@/lib/testing-catalogs';
import { lastSignInText, scopeText, validityText } from './describe';
import { filterMembers, usernameProblem } from './members';
import { roomsOfScope, sameScope, scopeNames, scopeOfRooms, type ScopeFloor } from './scope';

const floors: ScopeFloor[] = [
  {
    id: 1,
    short: 'EG',
    name: 'Erdgeschoss',
    rooms: [
      { id: 1, name: 'Raum 1.01' },
      { id: 2, name: 'Raum 1.02' },
    ],
  },
  {
    id: 2,
    short: 'OG',
    name: 'Obergeschoss',
    rooms: [
      { id: 5, name: 'Raum 2.01' },
      { id: 6, name: 'Raum 2.02' },
    ],
  },
];

describe('a member’s scope', () => {
  it('is chosen in the picker as every room of its floors and its rooms', () => {
    expect([...roomsOfScope({ floors: [2], rooms: [1] }, floors)].sort()).toEqual([1, 5, 6]);
  });

  it('is sent as whole floors where every room is chosen, else as rooms', () => {
    expect(scopeOfRooms(new Set([1, 5, 6]), floors)).toEqual({ floors: [2], rooms: [1] });
    expect(scopeOfRooms(new Set([2, 1, 5]), floors)).toEqual({ floors: [1], rooms: [5] });
    expect(scopeOfRooms(new Set(), floors)).toEqual({ floors: [], rooms: [] });
    expect(sameScope({ floors: [2, 1], rooms: [] }, { floors: [1, 2], rooms: [] })).toBe(true);
    expect(sameScope({ floors: [1], rooms: [] }, { floors: [], rooms: [1, 2] })).toBe(false);
  });

  it('is named floors first, in the building’s order, unknown ids by number', () => {
    const unknown = (kind: string, id: number) => `${kind} ${id}`;
    expect(scopeNames({ floors: [2], rooms: [6, 99, 1] }, floors, unknown)).toEqual([
      'OG',
      'Raum 1.01',
      'Raum 2.02',
      'room 99',
    ]);
  });

  it('reads "Ganzes Gebäude", or a few names and how many more', () => {
    const de = testIntl('de');
    expect(scopeText(de, { floors: [], rooms: [] }, floors).text).toBe('Ganzes Gebäude');
    expect(scopeText(testIntl('en'), { floors: [], rooms: [] }, floors).text).toBe(
      'Whole building',
    );
    expect(scopeText(de, { floors: [1], rooms: [5] }, floors).text).toBe('EG, Raum 2.01');
    expect(scopeText(de, { floors: [1], rooms: [5, 6, 99] }, floors)).toEqual({
      text: 'EG, Raum 2.01, Raum 2.02 und 1 weitere',
      all: 'EG, Raum 2.01, Raum 2.02, Raum 99',
    });
  });
});

describe('validity and last sign-in', () => {
  it('say the days and where today stands', () => {
    const de = testIntl('de');
    expect(validityText(de, { valid_from: null, valid_until: null }, '2026-11-27')).toEqual({
      text: 'Unbegrenzt',
      state: 'always',
    });
    expect(validityText(de, { valid_from: '2027-01-01', valid_until: null }, '2026-11-27')).toEqual(
      { text: 'ab 1. Jan. 2027', state: 'notYet' },
    );
    expect(validityText(de, { valid_from: null, valid_until: '2026-11-26' }, '2026-11-27')).toEqual(
      { text: 'bis 26. Nov. 2026', state: 'expired' },
    );
    expect(
      validityText(
        testIntl('en'),
        { valid_from: '2026-11-27', valid_until: '2026-11-27' },
        '2026-11-27',
      ),
    ).toEqual({ text: '27 Nov 2026 – 27 Nov 2026', state: 'valid' });
  });

  it('says the last sign-in as the building’s clock read it, or never', () => {
    const now = new Date(2026, 10, 27, 9, 0);
    const de = testIntl('de');
    expect(lastSignInText(de, '2026-11-27T07:40:12+01:00', now)).toBe('Heute, 07:40');
    expect(lastSignInText(de, '2026-11-22T14:35:00+01:00', now)).toBe('22. Nov., 14:35');
    expect(lastSignInText(testIntl('en'), '2025-01-06T18:00:00Z', now)).toBe('6 Jan 2025, 18:00');
    expect(lastSignInText(de, null, now)).toBe('Noch nie');
  });
});

describe('the form’s own rules', () => {
  it('takes a username of 3–50 characters without spaces, colon or slash, as the server', () => {
    expect(usernameProblem('')).toBe('members.form.error.usernameRequired');
    expect(usernameProblem('ab')).toBe('members.form.error.usernameMin');
    expect(usernameProblem('a'.repeat(51))).toBe('members.form.error.usernameMax');
    expect(usernameProblem('anna b')).toBe('members.form.error.usernameFormat');
    expect(usernameProblem('anna:b')).toBe('members.form.error.usernameFormat');
    expect(usernameProblem('anna')).toBeNull();
  });

  it('finds members by name or address, accents and case ignored', () => {
    const list = [
      { username: 'mueller', email: 'jürgen@example.com' },
      { username: 'Zoë', email: 'z@example.com' },
    ] as unknown as Parameters<typeof filterMembers>[0];
    expect(filterMembers(list, 'JURGEN').map((m) => m.username)).toEqual(['mueller']);
    expect(filterMembers(list, 'zoe').map((m) => m.username)).toEqual(['Zoë']);
    expect(filterMembers(list, '  ')).toBe(list);
  });
});
