import type { Floor } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { buildMenu, type MenuLabel } from './menu';
import { foldText, roomSearchEntries, searchRooms } from './room-search';

const floors = [
  {
    id: 1,
    etagenname: 'EG',
    raeume: [
      { id: 1, name: 'Wohnzimmer' },
      { id: 2, name: 'Küche' },
      { id: 12, name: 'Bad' },
    ],
  },
  {
    id: 2,
    etagenname: 'Dachgeschoß',
    raeume: [
      { id: 7, name: 'Studio' },
      { id: 21, name: 'Raum 12' },
    ],
  },
] as unknown as Floor[];

const label = (item: MenuLabel) =>
  'text' in item
    ? item.text
    : 'floor' in item
      ? item.floor === 'EG'
        ? 'Erdgeschoss'
        : item.floor
      : item.id;
const entries = roomSearchEntries(
  buildMenu({ access_to_smart: 'full', access_to_pro: 'full' }, floors),
  label,
);
const names = (query: string, limit = 50) =>
  searchRooms(entries, query, limit).rooms.map((r) => r.name);

describe('room search', () => {
  it('folds case and accents', () => {
    expect(foldText('KÜCHE')).toBe('kuche');
    expect(foldText('Dachgeschoß')).toBe('dachgeschoss');
  });

  it('lists each SMART room once, with its floor and page', () => {
    expect(entries.map((e) => e.name)).toEqual(['Wohnzimmer', 'Küche', 'Bad', 'Studio', 'Raum 12']);
    expect(entries[1]).toMatchObject({ floor: 'Erdgeschoss', path: '/room-control/smart/room/2' });
  });

  it('matches names ignoring case and accents, both ways', () => {
    expect(names('kuche')).toEqual(['Küche']);
    expect(names('KÜCH')).toEqual(['Küche']);
    expect(names('stud')).toEqual(['Studio']);
  });

  it('matches the floor by its shown name and its short name, and combines words', () => {
    expect(names('erdgeschoss')).toEqual(['Wohnzimmer', 'Küche', 'Bad']);
    expect(names('eg bad')).toEqual(['Bad']);
    expect(names('dachgeschoss')).toEqual(['Studio', 'Raum 12']);
  });

  it('finds a room by its number, the exact number first', () => {
    expect(names('7')).toEqual(['Studio']);
    expect(names('12')).toEqual(['Bad', 'Raum 12']);
    expect(names('21')).toEqual(['Raum 12']);
  });

  it('lists the rooms of a floor named by the whole query before rooms merely matching its words', () => {
    const building = [
      { id: 2, etagenname: '2. OG', raeume: [{ id: 201, name: 'Raum 3.01' }] },
      { id: 3, etagenname: '3. OG', raeume: [{ id: 301, name: 'Raum 4.01' }] },
    ] as unknown as Floor[];
    const rooms = roomSearchEntries(
      buildMenu({ access_to_smart: 'full', access_to_pro: 'no-access' }, building),
      label,
    );
    expect(searchRooms(rooms, '3. og', 50).rooms.map((r) => r.name)).toEqual([
      'Raum 4.01',
      'Raum 3.01',
    ]);
  });

  it('caps the answer and counts all matches', () => {
    expect(searchRooms(entries, '', 2)).toMatchObject({ total: 5 });
    expect(names('', 2)).toEqual(['Wohnzimmer', 'Küche']);
    expect(searchRooms(entries, 'zzz', 2)).toEqual({ rooms: [], total: 0 });
  });
});
