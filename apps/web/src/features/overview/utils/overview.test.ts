import type { Floor, Room } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { testIntl } from '@/lib/testing-catalogs';
import { rowMatcher } from './filter';
import { formatNext, formatStatus } from './format';
import { DEFAULT_QUERY, parseQuery, serializeQuery } from './query';
import { groupWrites, localDateTime } from './group';
import {
  buildBaseRows,
  buildRows,
  deviation,
  roomStatus,
  withMarks,
  type OverviewRow,
} from './rows';
import { holdOrder, sortRows } from './sort';

const now = new Date(2026, 10, 24, 12, 0);
const fresh = '24.11.2026 11:55';

const room = (id: number, name: string, extra: Partial<Room> = {}): Room => ({
  id,
  name,
  temperatur: 21,
  solltemperatur: 21,
  perm_solltemperatur: 21,
  total_offset: 0,
  offsets: {},
  sensoren: [
    {
      name: 's',
      beschreibung: '',
      wert: 21,
      letzte_uebertragung: fresh,
      raumtemperatursensor: true,
    },
  ],
  luftfeuchte: 45,
  betriebsart: 'Heating',
  is_temporary_mode: false,
  remaining_time: null,
  mode_end_datetime: null,
  next_temperature: 18,
  next_due_time: '2026-11-24 22:00',
  ...extra,
});

const floors: Floor[] = [
  {
    id: 1,
    etagenname: 'Erdgeschoss',
    raeume: [
      room(10, 'Küche', { temperatur: 18.5 }), // −2,5 K
      room(11, 'Bad', { temperatur: null, luftfeuchte: null }),
    ],
  },
  {
    id: 2,
    etagenname: 'Obergeschoss',
    raeume: [
      room(20, 'Schlafzimmer', { temperatur: 23 }), // +2 K
      room(21, 'Büro', {
        is_temporary_mode: true,
        mode_end_datetime: '2026-11-24T18:30:00',
        remaining_time: 23_400,
        temperatur: 21.5,
      }), // +0,5 K
      room(22, 'Flur', {
        sensoren: [
          {
            name: 's',
            beschreibung: '',
            wert: 20,
            letzte_uebertragung: '24.11.2026 10:00',
            raumtemperatursensor: true,
          },
        ],
        temperatur: 20,
      }), // −1 K, silent
    ],
  },
];

const rows = buildRows(floors, now);
const names = (list: OverviewRow[]) => list.map((row) => row.name);

describe('deviation', () => {
  it('is current minus target in K, signed, rounded to a tenth', () => {
    expect(deviation(18.5, 21)).toBe(-2.5);
    expect(deviation(23, 21)).toBe(2);
    expect(deviation('21,3', 21.1)).toBe(0.2);
    expect(deviation(21, 21)).toBe(0);
    expect(Object.is(deviation(20.96, 21), -0)).toBe(false);
  });

  it('is null without a sensor reading', () => {
    expect(deviation(null, 21)).toBeNull();
    expect(deviation('kein Sensor vorhanden', 21)).toBeNull();
  });
});

describe('status of a room', () => {
  it('names heating, cooling, off and a temporary target with its end', () => {
    expect(roomStatus(floors[0]!.raeume[0]!, now).status).toBe('heating');
    expect(roomStatus({ betriebsart: 'cooling' }, now).status).toBe('cooling');
    expect(roomStatus({ betriebsart: 'Off' }, now).status).toBe('off');
    expect(roomStatus(floors[1]!.raeume[1]!, now)).toEqual({
      status: 'temporary',
      until: new Date(2026, 10, 24, 18, 30),
    });
  });

  it('says the sensor is silent when its last report is older than the stale threshold', () => {
    expect(roomStatus(floors[1]!.raeume[2]!, now).status).toBe('silent');
    expect(rows.find((row) => row.name === 'Flur')!.silent).toBe(true);
  });
});

describe('sort', () => {
  it('orders by deviation both ways, rooms without a value last either way', () => {
    const asc = sortRows(rows, { key: 'deviation', descending: false });
    expect(names(asc)).toEqual(['Küche', 'Flur', 'Büro', 'Schlafzimmer', 'Bad']);
    const desc = sortRows(rows, { key: 'deviation', descending: true });
    expect(names(desc)).toEqual(['Schlafzimmer', 'Büro', 'Flur', 'Küche', 'Bad']);
  });

  it('sorts every column key, missing values last', () => {
    expect(names(sortRows(rows, { key: 'room', descending: false }))).toEqual([
      'Bad',
      'Büro',
      'Flur',
      'Küche',
      'Schlafzimmer',
    ]);
    expect(names(sortRows(rows, { key: 'floor', descending: true }))).toEqual([
      'Schlafzimmer',
      'Büro',
      'Flur',
      'Küche',
      'Bad',
    ]);
    expect(names(sortRows(rows, { key: 'current', descending: false })).at(-1)).toBe('Bad');
    expect(names(sortRows(rows, { key: 'current', descending: true })).at(-1)).toBe('Bad');
    expect(names(sortRows(rows, { key: 'humidity', descending: true })).at(-1)).toBe('Bad');
    expect(names(sortRows(rows, { key: 'status', descending: false })).slice(0, 2)).toEqual([
      'Flur',
      'Büro',
    ]);
    expect(names(sortRows(rows, { key: 'updated', descending: false }))[0]).toBe('Flur');
    for (const key of ['target', 'next'] as const) {
      expect(sortRows(rows, { key, descending: false })).toHaveLength(rows.length);
    }
  });

  it('orders by the next scheduled change, by time, rooms without one last', () => {
    const timed = buildRows(
      [
        {
          id: 1,
          etagenname: 'EG',
          raeume: [
            room(1, 'Morgen früh', { next_due_time: '2026-11-25 06:00' }),
            room(2, 'Ohne', { next_due_time: null }),
            room(3, 'Heute Abend', { next_due_time: '2026-11-24 22:00' }),
            room(4, 'Nächste Woche', { next_due_time: '2026-12-01 06:00' }),
            room(5, 'Heute Nachmittag', { next_due_time: '2026-11-24T16:30:00' }),
          ],
        },
      ],
      now,
    );
    expect(names(sortRows(timed, { key: 'next', descending: false }))).toEqual([
      'Heute Nachmittag',
      'Heute Abend',
      'Morgen früh',
      'Nächste Woche',
      'Ohne',
    ]);
    expect(names(sortRows(timed, { key: 'next', descending: true }))).toEqual([
      'Nächste Woche',
      'Morgen früh',
      'Heute Abend',
      'Heute Nachmittag',
      'Ohne',
    ]);
    const de = testIntl('de');
    expect(timed.map((row) => formatNext(de, row, now))).toEqual([
      '18,0 °C um 25. Nov., 06:00',
      '',
      '18,0 °C um 22:00',
      '18,0 °C um 1. Dez., 06:00',
      '18,0 °C um 16:30',
    ]);
  });

  it('names the end of a temporary target as the next change, as the room page does (issue 32)', () => {
    const floors: Floor[] = [
      {
        id: 1,
        etagenname: 'EG',
        raeume: [
          room(1, 'Lang', {
            solltemperatur: 23,
            is_temporary_mode: true,
            remaining_time: 60_000,
            mode_end_datetime: '2026-11-25T06:12:00',
            next_temperature: 17,
            next_due_time: '2026-11-24 22:00',
            after_temporary_temperature: 20,
          }),
          room(2, 'Gerät', {
            is_temporary_mode: true,
            remaining_time: 60_000,
            mode_end_datetime: '2026-11-25T06:12:00',
            next_temperature: 17,
            next_due_time: '2026-11-24 22:00',
          }),
        ],
      },
    ];
    const de = testIntl('de');
    expect(buildBaseRows(floors, now).map((row) => formatNext(de, row, now))).toEqual([
      '20,0 °C um 25. Nov., 06:12',
      'Zeitplan ab 25. Nov., 06:12',
    ]);
  });

  it('keeps building order without a sort', () => {
    expect(names(sortRows(rows, null))).toEqual(['Küche', 'Bad', 'Schlafzimmer', 'Büro', 'Flur']);
  });
});

describe('filter', () => {
  const match = (filter: Partial<Parameters<typeof rowMatcher>[0]>) =>
    names(rows.filter(rowMatcher({ q: '', floor: null, state: null, ...filter })));

  it('finds room and floor names ignoring case and accents', () => {
    expect(match({ q: 'KUCHE' })).toEqual(['Küche']);
    expect(match({ q: 'büro' })).toEqual(['Büro']);
    expect(match({ q: 'obergeschoss' })).toEqual(['Schlafzimmer', 'Büro', 'Flur']);
    expect(match({ q: 'erdgeschoss bad' })).toEqual(['Bad']);
  });

  it('filters by floor id and state', () => {
    expect(match({ floor: 1 })).toEqual(['Küche', 'Bad']);
    expect(match({ state: 'below' })).toEqual(['Küche']);
    expect(match({ state: 'above' })).toEqual(['Schlafzimmer']);
    expect(match({ state: 'temporary' })).toEqual(['Büro']);
    expect(match({ state: 'no-sensor' })).toEqual(['Bad']);
    expect(match({ state: 'silent' })).toEqual(['Flur']);
  });

  it('counts exactly 1.0 K off as on target (more than 1.0 K is below/above)', () => {
    const edge = buildRows(
      [{ id: 1, etagenname: 'EG', raeume: [room(1, 'A', { temperatur: 20 })] }],
      now,
    );
    expect(edge.filter(rowMatcher({ q: '', floor: null, state: 'below' }))).toHaveLength(0);
  });
});

describe('URL query', () => {
  it('reads q, floor, state and sort with a leading minus', () => {
    expect(
      parseQuery(new URLSearchParams('q=k%C3%BC&floor=2&state=below&sort=-deviation')),
    ).toEqual({ q: 'kü', floor: 2, state: 'below', sort: { key: 'deviation', descending: true } });
  });

  it('ignores unknown or malformed values', () => {
    expect(parseQuery(new URLSearchParams('floor=x&state=cold&sort=--room&foo=1'))).toEqual(
      DEFAULT_QUERY,
    );
    expect(parseQuery(new URLSearchParams('sort=size'))).toEqual(DEFAULT_QUERY);
    expect(parseQuery(new URLSearchParams('floor=-1'))).toEqual(DEFAULT_QUERY);
  });

  it('writes only what differs from the default and reads back the same view', () => {
    expect(serializeQuery(DEFAULT_QUERY).toString()).toBe('');
    const view = {
      q: 'bad',
      floor: 1,
      state: 'silent' as const,
      sort: { key: 'room' as const, descending: false },
    };
    const text = serializeQuery(view).toString();
    expect(text).toBe('q=bad&floor=1&state=silent&sort=room');
    expect(parseQuery(new URLSearchParams(text))).toEqual(view);
  });
});

describe('group writes', () => {
  it('gives every room of a temporary action the same end instant and the duration', () => {
    const writes = groupWrites({ kind: 'temporary', target: 21, hours: 2 }, rows, now);
    expect(writes).toHaveLength(rows.length);
    expect(new Set(writes.map((w) => (w.kind === 'temporary' ? w.until : '')))).toEqual(
      new Set(['2026-11-24T14:00:00']),
    );
    expect(
      writes.every((w) => w.kind === 'temporary' && w.minutes === 120 && w.target === 21),
    ).toBe(true);
  });

  it('turns ±0,5 °C into one absolute value per room from its own target', () => {
    const shifted = buildRows(
      [
        {
          id: 1,
          etagenname: 'EG',
          raeume: [room(1, 'A', { solltemperatur: 21.4 }), room(2, 'B', { solltemperatur: 18 })],
        },
      ],
      now,
    );
    const writes = groupWrites({ kind: 'shift', delta: 0.5, hours: 2 }, shifted, now);
    expect(writes.map((w) => (w.kind === 'temporary' ? w.target : null))).toEqual([21.9, 18.5]);
    const down = groupWrites({ kind: 'shift', delta: -0.5, hours: 2 }, shifted, now);
    expect(down.map((w) => (w.kind === 'temporary' ? w.target : null))).toEqual([20.9, 17.5]);
  });

  it('writes local date-times the device reads', () => {
    expect(localDateTime(new Date(2026, 0, 5, 7, 3, 9))).toBe('2026-01-05T07:03:09');
  });
});

describe('holding the order during a selection', () => {
  it('keeps rows in their places after a refresh changed their values, new rows last', () => {
    const before = sortRows(rows, { key: 'deviation', descending: false });
    const refreshed = buildRows(
      [
        {
          ...floors[0]!,
          raeume: [room(10, 'Küche', { temperatur: 25 }), floors[0]!.raeume[1]!],
        },
        { ...floors[1]!, raeume: [...floors[1]!.raeume, room(23, 'Neu')] },
      ],
      now,
    );
    const resorted = sortRows(refreshed, { key: 'deviation', descending: false });
    expect(names(resorted)[0]).not.toBe('Küche');
    const held = holdOrder(
      resorted,
      before.map((row) => row.id),
    );
    expect(names(held)).toEqual([...names(before), 'Neu']);
    expect(held[0]!.current).toBe(25);
  });
});

describe('alarms and absences from our server', () => {
  const marks = {
    alarms: [
      { room: 10, kind: 'too-cold', since: '2026-11-24T07:40:00+01:00', state: 'active' },
      { room: 20, kind: 'too-warm', since: '2026-11-20T07:40:00+01:00', state: 'cleared' },
    ],
    absences: [
      // Over: no mark.
      { from: '2026-11-01T00:00:00+01:00', to: '2026-11-10T00:00:00+01:00', rooms: [20] },
      { from: '2026-11-23T00:00:00+01:00', to: '2026-11-30T18:00:00+01:00', rooms: [20, 21] },
      // Started later: wins for room 20.
      { from: '2026-11-24T06:00:00+01:00', to: '2026-11-26T18:00:00+01:00', rooms: [20] },
      // Not yet begun.
      { from: '2026-12-20T00:00:00+01:00', to: '2026-12-27T00:00:00+01:00', rooms: [22] },
    ],
  };
  const marked = buildRows(floors, now, undefined, marks);
  const byId = (id: number) => marked.find((row) => row.id === id)!;

  it('marks a room with an open alarm, not one whose alarm has cleared', () => {
    expect(byId(10).status).toBe('alarm');
    // Since 07:40 on the device's clock, as the alarm list says, whatever the browser's zone.
    expect(byId(10).alarm).toEqual({ kind: 'too-cold', since: new Date(2026, 10, 24, 7, 40) });
    expect(byId(20).alarm).toBeNull();
  });

  it('says which device a room’s device alarm is about (issue 36)', () => {
    const rows = buildRows(floors, now, undefined, {
      alarms: [
        {
          room: 10,
          kind: 'device-offline',
          since: '2026-11-24T07:40:00+01:00',
          state: 'active',
          device: 'TRV Bad',
          device_kind: 'thermostat',
        },
      ],
    });
    const row = rows.find((each) => each.id === 10)!;
    expect(row.status).toBe('alarm');
    expect(formatStatus(testIntl('de'), row, now)).toBe(
      'Alarm: Thermostat nicht erreichbar (TRV Bad) seit 07:40',
    );
    expect(formatStatus(testIntl('en'), row, now)).toBe(
      'Alarm: Thermostat unreachable (TRV Bad) since 07:40',
    );
  });

  it('marks a room under an absence in force with its end, the latest started absence winning', () => {
    expect(byId(20).status).toBe('absent');
    expect(byId(20).absentUntil).toEqual(new Date('2026-11-26T17:00:00Z'));
    expect(byId(22).absentUntil).toBeNull();
  });

  it('marks only the marked rooms: the other rows stay the same objects', () => {
    const base = buildBaseRows(floors, now);
    const withThem = withMarks(base, marks, now);
    expect(withThem.find((row) => row.id === 11)).toBe(base.find((row) => row.id === 11));
    expect(withThem.find((row) => row.id === 10)).not.toBe(base.find((row) => row.id === 10));
    expect(withMarks(base, {}, now)).toBe(base);
  });

  it('lets a running temporary target win over the absence in the status', () => {
    expect(byId(21).absentUntil).not.toBeNull();
    expect(byId(21).status).toBe('temporary');
  });

  it('filters state=alarm and state=absent, and sorts alarms first by status', () => {
    const ids = (state: 'alarm' | 'absent') =>
      marked.filter(rowMatcher({ q: '', floor: null, state })).map((row) => row.id);
    expect(ids('alarm')).toEqual([10]);
    expect(ids('absent')).toEqual([20, 21]);
    expect(sortRows(marked, { key: 'status', descending: false })[0]!.id).toBe(10);
    expect(parseQuery(new URLSearchParams('state=alarm')).state).toBe('alarm');
    expect(parseQuery(new URLSearchParams('state=absent')).state).toBe('absent');
  });
});
