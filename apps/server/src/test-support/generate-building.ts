import type { Seed, SeedFloor, SeedSwitchPoint } from '../modules/building/seed.js';

export const benchUser = { username: 'bench', password: 'bench-password-1' } as const;

const weekdays: SeedSwitchPoint['days'] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const weekend: SeedSwitchPoint['days'] = ['sat', 'sun'];

/**
 * A large building for the bench: `floors` × `roomsPerFloor` rooms, each with a weekly
 * programme of four switch points, one user with full access. Values vary by room so the
 * answer is not one repeated string that compresses or caches unrealistically well.
 */
export function generateBuilding(floors = 20, roomsPerFloor = 50): Seed {
  const list: SeedFloor[] = [];
  for (let f = 1; f <= floors; f += 1) {
    const rooms = [];
    for (let r = 1; r <= roomsPerFloor; r += 1) {
      const id = (f - 1) * roomsPerFloor + r;
      const comfort = 19 + (id % 9) * 0.5;
      rooms.push({
        id,
        name: `Raum ${f}.${String(r).padStart(2, '0')}`,
        temperature: id % 17 === 0 ? null : 17 + (id % 50) / 10,
        target: comfort,
        humidity: id % 13 === 0 ? null : 35 + (id % 30),
        mode: 'Heating',
        schedule: [
          { days: weekdays, at: '06:00', target: comfort },
          { days: weekdays, at: '22:00', target: comfort - 3 },
          { days: weekend, at: '08:00', target: comfort },
          { days: weekend, at: '23:00', target: comfort - 3 },
        ],
      });
    }
    list.push({ id: f, name: f === 1 ? 'EG' : `${f - 1}. OG`, rooms });
  }
  return {
    building: { name: `Bench-Gebäude ${floors * roomsPerFloor} Räume`, houseId: 1 },
    users: [
      {
        ...benchUser,
        email: 'bench@example.com',
        firstName: 'Bench',
        lastName: 'Mark',
        access: { smart: 'full', pro: 'full' },
      },
    ],
    floors: list,
  };
}
