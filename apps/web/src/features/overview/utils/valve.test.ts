import type { Floor, Room } from '@raumregler/contract';
import { valvesByRoom } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { testIntl } from '@/lib/testing-catalogs';
import { rowMatcher } from './filter';
import { parseQuery, serializeQuery } from './query';
import { buildBaseRows } from './rows';
import { sortRows } from './sort';
import { demandOf, formatValve, isHeating, withValves } from './valve';

const now = new Date(2026, 10, 24, 12, 0);
const room = (id: number, name: string): Room =>
  ({ id, name, temperatur: 21, solltemperatur: 21, betriebsart: 'Heating' }) as unknown as Room;
const floors: Floor[] = [
  { id: 1, etagenname: 'EG', raeume: [room(1, 'Küche'), room(2, 'Bad'), room(3, 'Flur')] },
  { id: 2, etagenname: 'OG', raeume: [room(4, 'Büro'), room(5, 'Abstellraum')] },
];
// As the device's outs/ gives them: relays, analog outputs (keys with a space), none.
const valves = valvesByRoom([
  {
    id: 1,
    etagenname: 'EG',
    raeume: [
      { id: 1, name: 'Küche', ausgang: { '1': 1 } },
      { id: 2, name: 'Bad', ausgang: { ' 14': 30, ' 15': 60 } },
      { id: 3, name: 'Flur', ausgang: { '1': 0 } },
    ],
  },
  { id: 2, etagenname: 'OG', raeume: [{ id: 4, name: 'Büro', ausgang: { '1': 1, '2': 0 } }] },
]);
const rows = withValves(buildBaseRows(floors, now), valves);

describe('valves in the overview', () => {
  it('gives each row its valve; a room the answer lists without outputs, or not at all, has none', () => {
    expect(rows.map((row) => [row.name, row.valve])).toEqual([
      ['Küche', 100],
      ['Bad', 45],
      ['Flur', 0],
      ['Büro', 50],
      ['Abstellraum', null],
    ]);
  });

  it('keeps unchanged rows the same objects, and all rows until the outputs are known', () => {
    const base = buildBaseRows(floors, now);
    expect(withValves(base, undefined)).toBe(base);
    const again = withValves(rows, valves);
    expect(again.every((row, index) => row === rows[index])).toBe(true);
    const changed = withValves(rows, new Map([[1, 0]]));
    expect(changed[0]).not.toBe(rows[0]);
    expect(changed[0]!.valve).toBe(0);
  });

  it('sorts by valve either way, rooms without a valve last', () => {
    const names = (descending: boolean) =>
      sortRows(rows, { key: 'valve', descending }).map((row) => row.name);
    expect(names(true)).toEqual(['Küche', 'Büro', 'Bad', 'Flur', 'Abstellraum']);
    expect(names(false)).toEqual(['Flur', 'Bad', 'Büro', 'Küche', 'Abstellraum']);
  });

  it('filters the rooms that heat (valve above 0)', () => {
    expect(isHeating({ valve: 1 })).toBe(true);
    expect(isHeating({ valve: 0 })).toBe(false);
    expect(isHeating({ valve: null })).toBe(false);
    const shown = rows.filter(rowMatcher({ q: '', floor: null, state: 'demand' }));
    expect(shown.map((row) => row.name)).toEqual(['Küche', 'Bad', 'Büro']);
  });

  it('takes the demand as the mean over the rooms given, leaving out rooms without a valve', () => {
    expect(demandOf(rows)).toBe(49); // (100 + 45 + 0 + 50) / 4 = 48.75
    expect(demandOf(rows.filter((row) => row.floorId === 2))).toBe(50);
    expect(demandOf(rows.filter((row) => row.valve === null))).toBeNull();
  });

  it('keeps sort key and state filter in the URL', () => {
    const query = parseQuery(new URLSearchParams('sort=-valve&state=demand'));
    expect(query).toMatchObject({ sort: { key: 'valve', descending: true }, state: 'demand' });
    expect(serializeQuery(query).toString()).toBe('state=demand&sort=-valve');
  });

  it('formats "45 %" in both languages, nothing for no valve (the cell shows a dash)', () => {
    expect(formatValve(testIntl('de'), 45)).toBe('45 %');
    expect(formatValve(testIntl('en'), 100)).toBe('100 %');
    expect(formatValve(testIntl('de'), null)).toBeNull();
  });
});
