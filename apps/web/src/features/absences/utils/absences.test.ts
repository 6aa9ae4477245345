import { describe, expect, it } from 'vitest';
import type { Absence } from '../api/get-absences';
import { absenceState, activeAbsence, validateAbsence, type AbsenceForm } from './absences';

const now = new Date('2026-12-20T12:00:00+01:00');
const absence = (id: number, from: string, to: string, rooms = [1]): Absence => ({
  id,
  name: `A${id}`,
  from,
  to,
  target: 16,
  rooms,
  created_by: 'demo',
  state: 'running',
});

describe('absences', () => {
  it('sorts into running, planned and past by the wire times with their offsets', () => {
    expect(
      absenceState(absence(1, '2026-12-20T11:00:00+01:00', '2026-12-21T00:00:00+01:00'), now),
    ).toBe('current');
    expect(
      absenceState(absence(1, '2026-12-20T12:30:00+01:00', '2026-12-21T00:00:00+01:00'), now),
    ).toBe('future');
    expect(
      absenceState(absence(1, '2026-12-19T00:00:00+01:00', '2026-12-20T12:00:00+01:00'), now),
    ).toBe('past');
  });

  it('a room under two running absences shows the one that started last', () => {
    const list = [
      absence(1, '2026-12-18T00:00:00+01:00', '2027-01-06T00:00:00+01:00'),
      absence(2, '2026-12-19T00:00:00+01:00', '2026-12-24T00:00:00+01:00'),
      absence(3, '2026-12-20T00:00:00+01:00', '2026-12-30T00:00:00+01:00', [2]),
    ];
    expect(activeAbsence(1, list, now)?.id).toBe(2);
    expect(activeAbsence(3, list, now)).toBeNull();
  });

  it('explains each bad field before asking the server', () => {
    const form: AbsenceForm = {
      name: ' ',
      from: '2026-12-22T10:00',
      to: '2026-12-21T10:00',
      target: '40',
      all: false,
      rooms: [],
    };
    expect(validateAbsence(form, now)).toEqual({
      name: 'absences.error.name',
      to: 'absences.error.toAfterFrom',
      target: 'absences.error.target',
      rooms: 'absences.error.rooms',
    });
    expect(
      validateAbsence(
        { ...form, to: '2028-01-01T00:00', name: 'x', target: '16,5', all: true },
        now,
      ),
    ).toEqual({ to: 'absences.error.tooLong' });
    expect(
      validateAbsence({ ...form, to: '2026-12-23T10:00', name: 'x', target: '16', all: true }, now),
    ).toEqual({});
  });
});
