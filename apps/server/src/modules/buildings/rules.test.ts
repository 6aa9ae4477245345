import { describe, expect, it } from 'vitest';
import { summariseBuilding, type RoomFigures } from './rules.js';

const building = { houseId: 2, name: 'Schule Nord', hostLabel: 'schule-nord' };
const room = (id: number, temperature: number | null, target: number | null, valve = 0) =>
  ({ id, name: `Raum ${id}`, floor: 'EG', temperature, target, valve }) satisfies RoomFigures;

describe('summariseBuilding', () => {
  it('counts rooms more than 1 K below target as the overview does; exactly 1 K is not below', () => {
    const summary = summariseBuilding(
      building,
      [room(1, 20, 21), room(2, 19.9, 21), room(3, 17, 21), room(4, null, 21), room(5, 23, 21)],
      3,
    );
    expect(summary).toMatchObject({
      house_id: 2,
      name: 'Schule Nord',
      host_label: 'schule-nord',
      rooms: 5,
      below_target: 2,
      open_alarms: 3,
    });
    expect(summary.worst_room).toEqual({
      id: 3,
      name: 'Raum 3',
      floor: 'EG',
      temperature: 17,
      target: 21,
      gap: 4,
    });
  });

  it('names the first room on a tie, and none when no room is below its target', () => {
    expect(summariseBuilding(building, [room(1, 20, 21), room(2, 20, 21)], 0).worst_room?.id).toBe(
      1,
    );
    expect(summariseBuilding(building, [room(1, 21, 21), room(2, 22, 21)], 0).worst_room).toBe(
      null,
    );
  });

  it('takes the mean valve of the rooms with one as demand; null without any valve or room', () => {
    const valves = [
      { ...room(1, 20, 21), valve: 100 },
      { ...room(2, 20, 21), valve: 0 },
      { ...room(3, 20, 21), valve: null },
    ];
    expect(summariseBuilding(building, valves, 0).demand).toBe(50);
    expect(summariseBuilding(building, [{ ...room(1, 20, 21), valve: null }], 0).demand).toBe(null);
    expect(summariseBuilding(building, [], 0)).toMatchObject({
      rooms: 0,
      below_target: 0,
      demand: null,
      worst_room: null,
    });
  });
});
