import type { Room } from '@raumregler/contract';
import type { RoomRow } from '../db/repositories/building.js';

/** Rounds to one decimal, as the device reports temperatures. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Whether a temporary target runs at `now`: its end time is stored, so it ends across restarts. */
export const isTemporaryActive = (row: RoomRow, now: number) =>
  row.temp_target !== null && row.temp_until !== null && row.temp_until > now;

/** The wire view of one room at `now`. */
export function toWireRoom(row: RoomRow, now: number): Room {
  const temporary = isTemporaryActive(row, now);
  return {
    id: row.id,
    name: row.name,
    temperatur: row.temperature === null ? null : oneDecimal(row.temperature),
    solltemperatur: temporary ? row.temp_target! : row.base_target,
    perm_solltemperatur: row.base_target,
    total_offset: 0,
    offsets: {},
    sensoren: [],
    luftfeuchte: row.humidity === null ? null : Math.round(row.humidity),
    betriebsart: row.mode,
    is_temporary_mode: temporary,
    remaining_time: temporary ? Math.ceil((row.temp_until! - now) / 1000) : null,
    mode_end_datetime: null,
    next_temperature: null,
    next_due_time: null,
  };
}
