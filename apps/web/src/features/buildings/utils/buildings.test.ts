import type { BuildingSummary } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { shownBuildings } from './buildings';

const building = (house_id: number, name: string, fields: Partial<BuildingSummary> = {}) =>
  ({
    house_id,
    name,
    host_label: null,
    rooms: 10,
    below_target: 0,
    open_alarms: 0,
    demand: null,
    worst_room: null,
    ...fields,
  }) satisfies BuildingSummary;

const list = [
  building(1, 'Schule Nord', { host_label: 'schule-nord', below_target: 2, demand: 40 }),
  building(2, 'Rathaus', { open_alarms: 3, demand: null }),
  building(3, 'Kita Süd', { host_label: 'kita-sued', below_target: 5, demand: 80 }),
  building(10, 'Haus 10', { open_alarms: 1, demand: 10 }),
  building(9, 'Haus 9', { open_alarms: 1 }),
];
const names = (buildings: BuildingSummary[]) => buildings.map((each) => each.name);

describe('shownBuildings', () => {
  it('sorts by name as people read numbers (Haus 9 before Haus 10)', () => {
    expect(names(shownBuildings(list, '', 'name'))).toEqual([
      'Haus 9',
      'Haus 10',
      'Kita Süd',
      'Rathaus',
      'Schule Nord',
    ]);
  });

  it('sorts most first by below target, open alarms or demand (unknown demand last), then by name', () => {
    expect(names(shownBuildings(list, '', 'below')).slice(0, 2)).toEqual([
      'Kita Süd',
      'Schule Nord',
    ]);
    expect(names(shownBuildings(list, '', 'alarms')).slice(0, 3)).toEqual([
      'Rathaus',
      'Haus 9',
      'Haus 10',
    ]);
    expect(names(shownBuildings(list, '', 'demand'))).toEqual([
      'Kita Süd',
      'Schule Nord',
      'Haus 10',
      'Haus 9',
      'Rathaus',
    ]);
  });

  it('finds by name or host label, without accents, every word', () => {
    expect(names(shownBuildings(list, 'sud', 'name'))).toEqual(['Kita Süd']);
    expect(names(shownBuildings(list, 'kita-sued', 'name'))).toEqual(['Kita Süd']);
    expect(names(shownBuildings(list, 'HAUS 1', 'name'))).toEqual(['Haus 10']);
    expect(shownBuildings(list, 'nirgends', 'name')).toEqual([]);
  });
});
