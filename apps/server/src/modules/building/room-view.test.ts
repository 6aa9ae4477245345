import { describe, expect, it } from 'vitest';
import { aRoom } from '../../test-support/building.js';
import type { Room } from './building.js';
import { createLocalClock } from '../../platform/clock/local-time.js';
import { toWireRoom, viewContext } from './room-view.js';
import { unrollSchedule } from './schedule.js';

const berlin = createLocalClock('Europe/Berlin');
const row: Room = aRoom({
  id: 9,
  name: 'Bad',
  temperature: 21.44,
  humidity: 51.6,
  baseTarget: 20,
  temporary: { target: 23.5, until: Date.parse('2026-03-29T02:30:00Z') },
  sensorReportedAt: Date.parse('2026-03-29T00:59:00Z'),
  valveOpen: true,
});
// Every day 22 °C from 06:00, 18 °C from 22:00.
const schedule = unrollSchedule([
  { id: 1, days: 0b1111111, at: 6 * 60, target: 22 },
  { id: 2, days: 0b1111111, at: 22 * 60, target: 18 },
]);

describe('toWireRoom', () => {
  it('shows a temporary target across the spring-forward night in local time', () => {
    // 01:30 CET; the clocks jump from 02:00 to 03:00, so two hours later it is 04:30 CEST.
    const room = toWireRoom(row, schedule, viewContext(berlin, Date.parse('2026-03-29T00:30:00Z')));
    expect(room).toMatchObject({
      temperatur: 21.4,
      luftfeuchte: 52,
      solltemperatur: 23.5,
      perm_solltemperatur: 18,
      is_temporary_mode: true,
      remaining_time: 7200,
      mode_end_datetime: '2026-03-29T04:30:00',
      next_temperature: 22,
      next_due_time: '2026-03-29 06:00',
      after_temporary_temperature: 18,
      absent_until: null,
    });
    expect(room.sensoren[0]).toMatchObject({ wert: 21.4, letzte_uebertragung: '29.03.2026 01:59' });
  });

  it('falls back to the programme once the end has passed', () => {
    const room = toWireRoom(row, schedule, viewContext(berlin, Date.parse('2026-03-29T02:30:00Z')));
    expect(room).toMatchObject({
      solltemperatur: 18,
      is_temporary_mode: false,
      remaining_time: null,
      mode_end_datetime: null,
    });
  });

  it('names the target after a temporary target that outlasts a switch point (issue 32)', () => {
    // 21:00 CET on 23 Nov, a temporary target until 06:12 the next morning: 18 °C switched in at
    // 22:00 and 22 °C at 06:00, so 22 °C holds when it ends; next_* stay the programme's.
    const long = aRoom({
      ...row,
      temporary: { target: 23, until: Date.parse('2026-11-24T05:12:00Z') },
    });
    const room = toWireRoom(
      long,
      schedule,
      viewContext(berlin, Date.parse('2026-11-23T20:00:00Z')),
    );
    expect(room).toMatchObject({
      mode_end_datetime: '2026-11-24T06:12:00',
      next_temperature: 18,
      next_due_time: '2026-11-23 22:00',
      after_temporary_temperature: 22,
    });
  });

  it('names the end of the absence that holds the room, and its target after a temporary one', () => {
    const now = Date.parse('2026-11-23T20:00:00Z');
    const absence = {
      id: 1,
      from: now - 3_600_000,
      to: Date.parse('2027-01-06T17:00:00Z'),
      target: 15,
    };
    const away = aRoom({ ...row, temporary: null });
    expect(toWireRoom(away, schedule, viewContext(berlin, now), [absence])).toMatchObject({
      solltemperatur: 15,
      absent_until: '2027-01-06T18:00:00',
      next_due_time: '2027-01-06 18:00',
      after_temporary_temperature: null,
    });
    const warm = aRoom({ ...row, temporary: { target: 23, until: now + 3_600_000 } });
    expect(toWireRoom(warm, schedule, viewContext(berlin, now), [absence])).toMatchObject({
      solltemperatur: 23,
      absent_until: '2027-01-06T18:00:00',
      after_temporary_temperature: 15,
    });
  });
});
