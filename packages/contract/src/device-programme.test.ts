import { describe, expect, it } from 'vitest';
import { readProgramme } from './device-programme.js';

const komfort = { id: 1, name: 'Komfort', next_due_time: '2026-11-27 06:00', active: true };
const absenkung = { id: 2, name: 'Absenkung', next_due_time: '2026-11-27 22:00', active: false };

describe('readProgramme', () => {
  it('reads an array of points in the device order, without their ids', () => {
    expect(readProgramme([komfort, absenkung])).toEqual([
      { name: 'Komfort', next_due_time: '2026-11-27 06:00', active: true },
      { name: 'Absenkung', next_due_time: '2026-11-27 22:00', active: false },
    ]);
  });

  it('reads an object whose values are points, and one bare point', () => {
    expect(readProgramme({ '1': komfort, '2': absenkung }).map((point) => point.name)).toEqual([
      'Komfort',
      'Absenkung',
    ]);
    expect(readProgramme(komfort)).toEqual([
      { name: 'Komfort', next_due_time: '2026-11-27 06:00', active: true },
    ]);
  });

  it('reads the module switched off ({}) and answers that are no programme as no points', () => {
    for (const answer of [{}, [], null, undefined, 'Heizprogramm', 42, true]) {
      expect(readProgramme(answer), JSON.stringify(answer)).toEqual([]);
    }
  });

  it('gives fields of the wrong type their neutral value', () => {
    expect(
      readProgramme([
        { name: 'A', next_due_time: 1764223200, active: 'yes' },
        { name: 'B', next_due_time: null, active: null },
        { name: 'C' },
        { name: 'D', next_due_time: 'morgen früh', active: {} },
        { name: 'E', next_due_time: '2026-13-01 06:00', active: 0 },
      ]),
    ).toEqual(
      ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, next_due_time: null, active: false })),
    );
  });

  it('reads times with a T or seconds and flags as numbers or text', () => {
    expect(
      readProgramme([
        { name: 'A', next_due_time: '2026-11-27T06:00:00', active: 1 },
        { name: 'B', next_due_time: ' 2026-11-28 07:30 ', active: 'true' },
        { name: 'C', next_due_time: '2026-11-29 08:15:30', active: '1' },
      ]),
    ).toEqual([
      { name: 'A', next_due_time: '2026-11-27 06:00', active: true },
      { name: 'B', next_due_time: '2026-11-28 07:30', active: true },
      { name: 'C', next_due_time: '2026-11-29 08:15', active: true },
    ]);
  });

  it('leaves out points without a name, and entries that are no point', () => {
    expect(
      readProgramme([
        { next_due_time: '2026-11-27 06:00', active: true },
        { name: '', active: true },
        { name: '   ', active: true },
        { name: 7, active: true },
        null,
        'Komfort',
        [komfort],
        { name: ' Nacht ', active: true },
      ]),
    ).toEqual([{ name: 'Nacht', next_due_time: null, active: true }]);
  });
});
