import { describe, expect, it } from 'vitest';
import { demoSeed } from '../../test-support/test-server.js';
import { parseSeed } from './seed.js';

describe('parseSeed', () => {
  it('accepts the built-in demo building', () => {
    const seed = demoSeed();
    expect(seed.floors.map((floor) => floor.name)).toEqual(['EG', 'OG']);
    expect(seed.building.demoLogin).toEqual({ username: 'demo', password: 'demo1234' });
  });

  it('names the path of the first bad field', () => {
    const seed = structuredClone(demoSeed()) as unknown as {
      floors: { rooms: { target: unknown }[] }[];
    };
    seed.floors[1]!.rooms[2]!.target = 'warm';
    expect(() => parseSeed(seed)).toThrow('$.floors[1].rooms[2].target');
  });

  it('rejects a switch time that is not HH:MM and duplicate room ids', () => {
    const badTime = structuredClone(demoSeed()) as unknown as {
      floors: { rooms: { schedule: { at: string }[] }[] }[];
    };
    badTime.floors[0]!.rooms[0]!.schedule[0]!.at = '25:00';
    expect(() => parseSeed(badTime)).toThrow('$.floors[0].rooms[0].schedule[0].at');
    const duplicate = structuredClone(demoSeed());
    duplicate.floors[1]!.rooms[0]!.id = 1;
    expect(() => parseSeed(duplicate)).toThrow(/duplicate room id 1/);
  });

  it('takes a user password only by the one rule for new passwords: 6 to 50 characters', () => {
    for (const [password, ok] of [
      ['x'.repeat(5), false],
      ['x'.repeat(6), true],
      ['x'.repeat(50), true],
      ['x'.repeat(51), false],
    ] as const) {
      const seed = structuredClone(demoSeed());
      seed.users[0]!.password = password;
      if (ok) expect(() => parseSeed(seed)).not.toThrow();
      else expect(() => parseSeed(seed)).toThrow('$.users[0].password');
    }
  });

  it("reads a user's scope and validity and a room's limits (issue 34)", () => {
    const raw = structuredClone(demoSeed()) as unknown as Record<string, unknown> & {
      users: Record<string, unknown>[];
      floors: { rooms: Record<string, unknown>[] }[];
    };
    Object.assign(raw.users[2]!, {
      floors: [1],
      rooms: [5, 6],
      validFrom: '2027-01-01',
      validUntil: '2027-12-31',
    });
    raw.floors[1]!.rooms[0]!.limits = { min: 16, max: 23 };
    const seed = parseSeed(raw);
    expect(seed.users[2]).toMatchObject({
      floors: [1],
      rooms: [5, 6],
      validFrom: '2027-01-01',
      validUntil: '2027-12-31',
    });
    expect(seed.floors[1]!.rooms[0]!.limits).toEqual({ min: 16, max: 23 });
    // Without the fields: the whole building, always, no limits.
    expect(demoSeed().users[0]!.floors).toBeUndefined();
    expect(demoSeed().floors[0]!.rooms[0]!.limits).toBeNull();
  });

  it('names bad scopes, days and limits clearly', () => {
    const cases: [
      (raw: {
        users: Record<string, unknown>[];
        floors: { rooms: Record<string, unknown>[] }[];
      }) => void,
      string,
    ][] = [
      [
        (raw) => (raw.users[0]!.floors = [9]),
        '$.users[0].floors[0]: there is no floor 9 in this seed',
      ],
      [
        (raw) => (raw.users[0]!.rooms = [99]),
        '$.users[0].rooms[0]: there is no room 99 in this seed',
      ],
      [(raw) => (raw.users[0]!.rooms = 5), '$.users[0].rooms: expected an array'],
      [(raw) => (raw.users[0]!.rooms = [5, 5]), 'duplicate id 5'],
      [
        (raw) => (raw.users[0]!.validFrom = '2027-02-30'),
        '$.users[0].validFrom: expected a day YYYY-MM-DD',
      ],
      [
        (raw) =>
          Object.assign(raw.users[0]!, { validFrom: '2027-02-01', validUntil: '2027-01-01' }),
        '$.users[0].validUntil: expected a day not before validFrom',
      ],
      [(raw) => (raw.floors[0]!.rooms[0]!.limits = { min: 16 }), '$.floors[0].rooms[0].limits.max'],
      [
        (raw) => (raw.floors[0]!.rooms[0]!.limits = { min: 16.2, max: 23 }),
        '$.floors[0].rooms[0].limits: min must be in steps of 0.5 °C',
      ],
      [
        (raw) => (raw.floors[0]!.rooms[0]!.limits = { min: 24, max: 23 }),
        '$.floors[0].rooms[0].limits: min must not be above max',
      ],
    ];
    for (const [change, message] of cases) {
      const raw = structuredClone(demoSeed()) as unknown as Parameters<typeof change>[0];
      change(raw);
      expect(() => parseSeed(raw), message).toThrow(message);
    }
  });
});
