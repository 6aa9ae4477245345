/**
 * STAND-IN (helper C, issue 33): a minimal tolerant reader of device answers with the signatures
 * helper B's reader has. At the merge, B's file replaces this one; nothing here goes beyond them.
 */
import type { Floor, FloorOutputs, Room } from './device.js';

/** A number from the device: 48.5, "48.5", "48,5" → 48.5; null, "", "abc" → null. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.trim().replace(',', '.'));
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

const MODES: Record<number, string> = { 0: 'Cooling', 1: 'Off', 2: 'Heating', 3: 'Heating' };

/** An operating mode: the device's integers as words (3, "on", reads as heating), strings kept. */
export function readMode(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return MODES[value] ?? String(value);
  return '';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One room of a device answer, or null when it is none (no whole-number id). */
export function readRoom(value: unknown): Room | null {
  if (!isObject(value)) return null;
  const id = readNumber(value.id);
  if (id === null || !Number.isInteger(id)) return null;
  const text = (field: unknown) => (typeof field === 'string' ? field : null);
  return {
    ...(value as Partial<Room>),
    id,
    name: text(value.name) ?? '',
    temperatur: readNumber(value.temperatur),
    solltemperatur: readNumber(value.solltemperatur) ?? Number.NaN,
    perm_solltemperatur: readNumber(value.perm_solltemperatur) ?? Number.NaN,
    total_offset: readNumber(value.total_offset) ?? 0,
    offsets: isObject(value.offsets) ? (value.offsets as Room['offsets']) : {},
    sensoren: Array.isArray(value.sensoren) ? (value.sensoren as Room['sensoren']) : [],
    luftfeuchte: readNumber(value.luftfeuchte),
    betriebsart: readMode(value.betriebsart),
    is_temporary_mode: value.is_temporary_mode === true,
    remaining_time: readNumber(value.remaining_time),
    mode_end_datetime: text(value.mode_end_datetime),
    next_temperature: readNumber(value.next_temperature),
    next_due_time: text(value.next_due_time),
  };
}

/** The answer of `temps/{id}/`: a one-element array or a bare object. */
export function readRoomAnswer(answer: unknown): Room | null {
  return readRoom(Array.isArray(answer) ? answer[0] : answer);
}

/** A `temps/` answer as floors of rooms; null when it is not a list of floors. */
export function readFloors(answer: unknown): Floor[] | null {
  if (!Array.isArray(answer)) return null;
  const floors: Floor[] = [];
  for (const floor of answer) {
    if (!isObject(floor) || !Array.isArray(floor.raeume)) return null;
    floors.push({
      id: readNumber(floor.id) ?? 0,
      etagenname: typeof floor.etagenname === 'string' ? floor.etagenname : '',
      raeume: floor.raeume.map(readRoom).filter((room): room is Room => room !== null),
    });
  }
  return floors;
}

/** An `outs/` answer with output keys trimmed and values as numbers; null when it is none. */
export function readOutputs(answer: unknown): FloorOutputs[] | null {
  if (!Array.isArray(answer)) return null;
  const floors: FloorOutputs[] = [];
  for (const floor of answer) {
    if (!isObject(floor) || !Array.isArray(floor.raeume)) return null;
    floors.push({
      id: readNumber(floor.id) ?? 0,
      etagenname: typeof floor.etagenname === 'string' ? floor.etagenname : '',
      raeume: floor.raeume.filter(isObject).map((room) => {
        const outputs: Record<string, number> = {};
        if (isObject(room.ausgang)) {
          for (const [key, value] of Object.entries(room.ausgang)) {
            const number = readNumber(value);
            if (number !== null) outputs[key.trim()] = number;
          }
        }
        return {
          id: readNumber(room.id) ?? 0,
          name: typeof room.name === 'string' ? room.name : '',
          ausgang: outputs,
        };
      }),
    });
  }
  return floors;
}
