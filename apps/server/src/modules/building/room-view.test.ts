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
});
