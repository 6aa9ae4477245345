import { describe, expect, it } from 'vitest';
import {
  readFloors,
  readMode,
  readNumber,
  readOutputs,
  readRoom,
  readRoomAnswer,
} from './device-reader.js';
import {
  asContromeTemps,
  cleanOuts,
  cleanRoomAnswer,
  cleanTemps,
  contromeOuts,
  contromeRoomAnswer,
  contromeTemps,
  windowContact,
} from './testing/device-answers.js';
import { valvesByRoom } from './valve.js';
import type { Floor, Room } from './device.js';

const clone = <T>(value: T): T => structuredClone(value);

describe('readNumber', () => {
  it('reads numbers and text holding one, with a point or a comma', () => {
    expect(readNumber(48.5)).toBe(48.5);
    expect(readNumber('48.5')).toBe(48.5);
    expect(readNumber('48,5')).toBe(48.5);
    expect(readNumber(' 14 ')).toBe(14);
    expect(readNumber('-0,5')).toBe(-0.5);
    expect(readNumber(0)).toBe(0);
    expect(readNumber('0')).toBe(0);
  });

  it('keeps "no value" as null: never NaN, never 0', () => {
    for (const value of [null, undefined, '', '  ', 'abc', 'kein Sensor vorhanden', NaN]) {
      expect(readNumber(value)).toBeNull();
    }
    for (const value of [Infinity, '1.234,5', true, false, {}, [], [1]]) {
      expect(readNumber(value)).toBeNull();
    }
  });
});

describe('readMode', () => {
  it('reads the integers a device keeps after a mode write; 3 ("on") is heating', () => {
    expect([0, 1, 2, 3].map(readMode)).toEqual(['Cooling', 'Off', 'Heating', 'Heating']);
    expect(['0', '1', ' 2', '3'].map(readMode)).toEqual(['Cooling', 'Off', 'Heating', 'Heating']);
  });

  it('keeps strings as they came, and reads a missing mode as heating', () => {
    expect(readMode('Heating')).toBe('Heating');
    expect(readMode('cooling')).toBe('cooling');
    expect(readMode('Off')).toBe('Off');
    expect(readMode('Frostschutz')).toBe('Frostschutz');
    expect(readMode(7)).toBe('7');
    expect(readMode(undefined)).toBe('Heating');
    expect(readMode(null)).toBe('Heating');
  });
});

describe('readFloors', () => {
  it('gives a real device’s temps/ exactly as our server’s answer of the same building', () => {
    expect(readFloors(contromeTemps)).toEqual(cleanTemps);
  });

  it('passes a clean answer through as it came, object for object', () => {
    const answer = clone(cleanTemps);
    const read = readFloors(answer);
    expect(read).toBe(answer);
    expect(read).toEqual(cleanTemps);
  });

  it('copies only the floors and rooms that were not clean', () => {
    const answer = clone(cleanTemps) as unknown as Record<string, unknown>[];
    const og = answer[1] as { raeume: Record<string, unknown>[] };
    og.raeume[1]!.luftfeuchte = '40,5';
    const read = readFloors(answer)!;
    expect(read).not.toBe(answer);
    expect(read[0]).toBe(answer[0]);
    expect(read[1]!.raeume[0]).toBe(og.raeume[0]);
    expect(read[1]!.raeume[1]!.luftfeuchte).toBe(40.5);
    expect(read[1]!.raeume[2]).toBe(og.raeume[2]);
  });

  it('reads a 1,000-room building in real shapes back to the clean one', () => {
    const floors = bigBuilding();
    expect(readFloors(asContromeTemps(floors))).toEqual(floors);
  });

  it('is null for answers that are no list of floors, and [] for an empty building', () => {
    for (const answer of [null, {}, 'Internal error', { error: 'x' }, [1, 2], [{ id: 1 }]]) {
      expect(readFloors(answer)).toBeNull();
    }
    expect(readFloors([])).toEqual([]);
  });

  it('leaves out floors and rooms without a usable id, and rooms without any target', () => {
    const read = readFloors([
      { id: 'EG', etagenname: 'EG', raeume: [] },
      null,
      {
        id: 2,
        etagenname: 7,
        raeume: [
          null,
          'room',
          { id: 1.5, solltemperatur: 20 },
          { id: 8, name: 'Ohne Soll', solltemperatur: null, perm_solltemperatur: '' },
          { id: 9, solltemperatur: '20,5' },
        ],
      },
    ]);
    expect(read).toHaveLength(1);
    expect(read![0]!.etagenname).toBe('7');
    expect(read![0]!.raeume.map((room) => room.id)).toEqual([9]);
  });
});

describe('readRoom', () => {
  it('fills what a device leaves out with neutral values, so the Room type holds', () => {
    expect(readRoom({ id: 9, solltemperatur: '20,5' })).toEqual({
      id: 9,
      name: '9',
      temperatur: null,
      solltemperatur: 20.5,
      perm_solltemperatur: 20.5,
      total_offset: 0,
      offsets: {},
      sensoren: [],
      luftfeuchte: null,
      betriebsart: 'Heating',
      is_temporary_mode: false,
      remaining_time: null,
      mode_end_datetime: null,
      next_temperature: null,
      next_due_time: null,
    } satisfies Room);
  });

  it('keeps a window contact’s null and the device’s "DD.MM.YYYY HH:MM" as they are', () => {
    const room = readRoom({ ...cleanTemps[0]!.raeume[0]!, sensoren: [null, windowContact(1)] })!;
    expect(room.sensoren).toEqual([
      {
        name: 'fk_1',
        beschreibung: 'Fensterkontakt',
        wert: null,
        letzte_uebertragung: '26.11.2026 07:41',
        raumtemperatursensor: false,
      },
    ]);
  });

  it('reads sensors and offsets in loose shapes', () => {
    const room = readRoom({
      id: 1,
      solltemperatur: 21,
      offsets: { Wetter: { raum: '-0,5', haus: null }, kaputt: 3, api: { raum: 0, haus: 0 } },
      sensoren: [
        { name: 4711, wert: '21,3', letzte_uebertragung: null, raumtemperatursensor: 'true' },
        'no sensor',
      ],
      total_offset: '-0.5',
      is_temporary_mode: 'true',
      remaining_time: 59.6,
      absent_until: null,
      after_temporary_temperature: '19',
    })!;
    expect(room.offsets).toEqual({ Wetter: { raum: -0.5, haus: 0 }, api: { raum: 0, haus: 0 } });
    expect(room.sensoren).toEqual([
      {
        name: '4711',
        beschreibung: '',
        wert: 21.3,
        letzte_uebertragung: null,
        raumtemperatursensor: true,
      },
    ]);
    expect(room.total_offset).toBe(-0.5);
    expect(room.is_temporary_mode).toBe(true);
    expect(room.remaining_time).toBe(60);
    expect(room.absent_until).toBeNull();
    expect(room.after_temporary_temperature).toBe(19);
  });

  it('keeps our optional fields absent when absent', () => {
    const room = readRoom({ id: 9, solltemperatur: 20 })!;
    expect('absent_until' in room).toBe(false);
    expect('after_temporary_temperature' in room).toBe(false);
  });
});

describe('readRoomAnswer', () => {
  it('reads temps/{id}/ as a one-element array or a bare object', () => {
    expect(readRoomAnswer(contromeRoomAnswer)).toEqual(cleanRoomAnswer[0]);
    expect(readRoomAnswer((contromeRoomAnswer as unknown[])[0])).toEqual(cleanRoomAnswer[0]);
    const clean = clone(cleanRoomAnswer);
    expect(readRoomAnswer(clean)).toBe(clean[0]);
  });

  it('is null for no room', () => {
    for (const answer of [[], null, 'OK', {}, [{ name: 'x' }], { error: 'not_found' }]) {
      expect(readRoomAnswer(answer)).toBeNull();
    }
  });
});

describe('readOutputs', () => {
  it('trims keys and reads values as numbers, like our server’s answer', () => {
    expect(readOutputs(contromeOuts)).toEqual(cleanOuts);
    const clean = clone(cleanOuts);
    expect(readOutputs(clean)).toBe(clean);
  });

  it('gives the same valve openings as the raw answer (valve.ts)', () => {
    const raw = [
      ...(contromeOuts as unknown[]),
      {
        id: 3,
        raeume: [
          { id: 6, ausgang: { ' 1': 'offen', ' 2': 50 } },
          { id: '7', ausgang: { ' 1': '1', '2': 0 } },
          { id: 8, ausgang: null },
        ],
      },
    ];
    const read = readOutputs(raw)!;
    expect(valvesByRoom(read)).toEqual(valvesByRoom(raw));
    expect([...valvesByRoom(read)]).toEqual([
      [1, 50],
      [2, 53],
      [3, null],
      [4, 0],
      [5, 99],
      [6, 50],
      [7, 50],
      [8, null],
    ]);
  });

  it('is null for answers that are no list of floors', () => {
    expect(readOutputs({ error: 'x' })).toBeNull();
    expect(readOutputs('<html>')).toBeNull();
  });
});

/** A building of 1,000 rooms on 10 floors with every kind of value (as the bench's). */
function bigBuilding(): Floor[] {
  const modes = ['Heating', 'Off', 'Cooling'];
  return Array.from({ length: 10 }, (_, floor) => ({
    id: floor + 1,
    etagenname: `Etage ${floor + 1}`,
    raeume: Array.from({ length: 100 }, (_, index): Room => {
      const id = floor * 100 + index + 1;
      return {
        ...cleanTemps[0]!.raeume[0]!,
        id,
        name: `Raum ${id}`,
        temperatur: id % 17 === 0 ? null : 18 + (id % 50) / 10,
        luftfeuchte: id % 13 === 0 ? null : 40 + (id % 20) / 2,
        betriebsart: modes[id % 3]!,
        offsets: id % 4 === 0 ? {} : cleanTemps[0]!.raeume[0]!.offsets,
        total_offset: id % 4 === 0 ? 0 : -0.5,
        next_temperature: id % 5 === 0 ? null : 18,
        next_due_time: id % 5 === 0 ? null : '2026-11-27 22:00',
      };
    }),
  }));
}
