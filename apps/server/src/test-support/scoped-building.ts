import type { Seed } from '../modules/building/seed.js';
import { demoSeed } from './test-server.js';

/**
 * Issue 34: the demo building (floor 1 = EG with rooms 1–4, floor 2 = OG with rooms 5–7) with
 * people of one room, one floor and a time limit, and limits on the Schlafzimmer (room 5).
 */
export const MIETER: [string, string] = ['mieter', 'mieter12345'];
/** Full access on floor 1 (EG) only: manages rooms 1–4. */
export const HAUSMEISTER: [string, string] = ['hausmeister', 'hausmeister1'];
/** Room 5 from 2026-12-01. */
export const NACHMIETER: [string, string] = ['nachmieter', 'nachmieter1'];
/** The whole building until 2026-11-22. */
export const VORMIETER: [string, string] = ['vormieter', 'vormieter12'];
export const VERWALTER: [string, string] = ['verwalter', 'verwalter1234'];
export const SCHLAFZIMMER = 5;
export const WOHNZIMMER = 1;

export function scopedSeed(): Seed {
  const seed = demoSeed();
  const person = (
    [username, password]: [string, string],
    smart: 'full' | 'permanent',
    scope: Partial<Seed['users'][number]>,
  ) => ({
    username,
    email: `${username}@example.com`,
    password,
    firstName: '',
    lastName: '',
    access: { smart, pro: smart },
    ...scope,
  });
  seed.users.push(
    person(MIETER, 'permanent', { rooms: [SCHLAFZIMMER] }),
    person(HAUSMEISTER, 'full', { floors: [1] }),
    person(NACHMIETER, 'permanent', { rooms: [SCHLAFZIMMER], validFrom: '2026-12-01' }),
    person(VORMIETER, 'permanent', { validUntil: '2026-11-22' }),
  );
  const room = seed.floors[1]!.rooms.find((each) => each.id === SCHLAFZIMMER)!;
  room.limits = { min: 16, max: 23 };
  return seed;
}
