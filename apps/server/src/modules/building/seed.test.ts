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
});
