/**
 * The one tolerant reader of device answers (issue 33, decision 72). Real Controme Mini-Servers
 * do not answer exactly as our contract: numbers come as text ("48.5", "48,5"), `null` or words
 * ("kein Sensor vorhanden"), `betriebsart` as an integer after a client changed the mode,
 * `temps/{id}/` as a one-element array or a bare object, `outs/` keys with a leading space, and
 * optional fields are missing. Our app and services read every device answer through these
 * functions, so they only ever see the contract's shapes; answers for tools pass through the
 * proxy unchanged.
 *
 * A clean answer (our own server's) is returned as it came, object for object, after one pass of
 * type checks: reading the 1,000-room `temps/` must stay cheap. Only what is not clean is copied.
 * No schema library here: the web app imports this entry.
 */
import type { Floor, FloorOutputs, Room, RoomOutputs } from './device.js';
import {
  isObject,
  isNumber,
  readFlag,
  readInteger,
  readNumber,
  readOffsets,
  readSensors,
  readText,
} from './device-reader-parts.js';

export { readInteger, readNumber };

/** `betriebsart` as an integer (what a device keeps after a client changed the mode). */
const MODE_NUMBERS: readonly string[] = ['Cooling', 'Off', 'Heating', 'Heating'];

/**
 * The operating mode: strings as they came ("Heating", "Cooling", "Off" or another word; the
 * app compares them case-insensitively), integers as the device means them: 0 Cooling, 1 Off,
 * 2 Heating, 3 ("on") Heating; the same digits as text too. A missing mode reads as "Heating",
 * a Controme room's default (and what the alarms assumed before).
 */
export function readMode(value: unknown): string {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.length === 1 && text >= '0' && text <= '3') return MODE_NUMBERS[Number(text)]!;
    return value;
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value <= 3
      ? MODE_NUMBERS[value]!
      : String(value);
  }
  return 'Heating';
}

/**
 * One room of `temps/` in the contract's shape, or null when it has no usable `id` or no
 * readable target at all (`solltemperatur` and `perm_solltemperatur` stand in for each other;
 * without either no dial or history line can be drawn). Numbers from text, null kept as "no
 * value", the mode from an integer, missing optional fields filled with neutral values (no
 * offsets, no sensors, no temporary target, no next switch). A clean room is returned itself.
 */
export function readRoom(value: unknown): Room | null {
  if (!isObject(value)) return null;
  const room = value;
  const id = readInteger(room.id);
  if (id === null) return null;
  const target = readNumber(room.solltemperatur);
  const permanent = readNumber(room.perm_solltemperatur);
  if (target === null && permanent === null) return null;
  const name = readText(room.name) ?? String(id);
  const temperatur = readNumber(room.temperatur);
  const total = readNumber(room.total_offset) ?? 0;
  const offsets = readOffsets(room.offsets);
  const sensoren = readSensors(room.sensoren);
  const luftfeuchte = readNumber(room.luftfeuchte);
  const betriebsart = readMode(room.betriebsart);
  const temporary = readFlag(room.is_temporary_mode);
  const remaining = readNumber(room.remaining_time);
  const remainingTime = remaining === null ? null : Math.round(remaining);
  const modeEnd = readText(room.mode_end_datetime);
  const nextTemperature = readNumber(room.next_temperature);
  const nextDue = readText(room.next_due_time);
  // Ours (issue 32): optional, kept absent when absent.
  const hasAbsent = room.absent_until !== undefined;
  const absentUntil = hasAbsent ? readText(room.absent_until) : undefined;
  const hasAfter = room.after_temporary_temperature !== undefined;
  const after = hasAfter ? readNumber(room.after_temporary_temperature) : undefined;
  const hasLimits = room.limits !== undefined;
  const limits = readLimits(room.limits);
  if (
    id === room.id &&
    target !== null &&
    permanent !== null &&
    target === room.solltemperatur &&
    permanent === room.perm_solltemperatur &&
    name === room.name &&
    temperatur === room.temperatur &&
    total === room.total_offset &&
    offsets === room.offsets &&
    sensoren === room.sensoren &&
    luftfeuchte === room.luftfeuchte &&
    betriebsart === room.betriebsart &&
    temporary === room.is_temporary_mode &&
    remainingTime === room.remaining_time &&
    modeEnd === room.mode_end_datetime &&
    nextTemperature === room.next_temperature &&
    nextDue === room.next_due_time &&
    absentUntil === room.absent_until &&
    after === room.after_temporary_temperature &&
    limits === room.limits
  ) {
    return room as Room;
  }
  const read: Room = {
    id,
    name,
    temperatur,
    solltemperatur: (target ?? permanent)!,
    perm_solltemperatur: (permanent ?? target)!,
    total_offset: total,
    offsets,
    sensoren,
    luftfeuchte,
    betriebsart,
    is_temporary_mode: temporary,
    remaining_time: remainingTime,
    mode_end_datetime: modeEnd,
    next_temperature: nextTemperature,
    next_due_time: nextDue,
  };
  if (hasAbsent) read.absent_until = absentUntil;
  if (hasAfter) read.after_temporary_temperature = after;
  if (hasLimits) read.limits = limits;
  return read;
}

/**
 * Ours (issue 34): a room's limits `{min, max}`; null for none (or unreadable ones), absent when
 * absent (a device sends none). Our server's object passes as it came.
 */
function readLimits(value: unknown): { min: number; max: number } | null | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) return null;
  const min = readNumber(value.min);
  const max = readNumber(value.max);
  if (min === null || max === null) return null;
  return min === value.min && max === value.max
    ? (value as { min: number; max: number })
    : { min, max };
}

/** The answer of `temps/{roomId}/`: a one-element array (as devices answer) or a bare object. */
export function readRoomAnswer(answer: unknown): Room | null {
  return readRoom(Array.isArray(answer) ? answer[0] : answer);
}

/**
 * A list of floors (`temps/`, `outs/`): each floor with a usable `id` and a `raeume` array,
 * its rooms read by `readItem` (null: left out). Null when the answer is no list, or a list of
 * which nothing is a floor (an error object, an HTML page's text, a list of rooms).
 */
function readFloorList<F extends { id: number; etagenname: string; raeume: R[] }, R>(
  answer: unknown,
  readItem: (value: unknown) => R | null,
): F[] | null {
  if (!Array.isArray(answer)) return null;
  let copy: F[] | null = null;
  for (let index = 0; index < answer.length; index++) {
    const raw: unknown = answer[index];
    let floor: F | null = null;
    const id = isObject(raw) ? readInteger(raw.id) : null;
    if (isObject(raw) && id !== null && Array.isArray(raw.raeume)) {
      const rooms = raw.raeume as unknown[];
      let roomsCopy: R[] | null = null;
      for (let at = 0; at < rooms.length; at++) {
        const item = readItem(rooms[at]);
        if (roomsCopy === null && item !== null && item === rooms[at]) continue;
        roomsCopy ??= rooms.slice(0, at) as R[];
        if (item !== null) roomsCopy.push(item);
      }
      const name = readText(raw.etagenname) ?? '';
      floor =
        roomsCopy === null && id === raw.id && name === raw.etagenname
          ? (raw as F)
          : ({ id, etagenname: name, raeume: roomsCopy ?? (rooms as R[]) } as F);
    }
    if (copy === null && floor !== null && floor === raw) continue;
    copy ??= answer.slice(0, index) as F[];
    if (floor) copy.push(floor);
  }
  if (copy !== null && copy.length === 0 && answer.length > 0) return null;
  return copy ?? (answer as F[]);
}

/** `temps/`: the floors with their rooms (`readRoom`); null when the answer is no such list. */
export function readFloors(answer: unknown): Floor[] | null {
  return readFloorList<Floor, Room>(answer, readRoom);
}

/**
 * One room of `outs/`: output number → value, keys trimmed (`" 14"` → `"14"`), values numbers
 * (relays 0/1, analog openings 0–99); values that are no number are left out, so
 * `valvePercent` gives the same opening as from the raw answer. Null without a usable `id`.
 */
function readRoomOutputs(value: unknown): RoomOutputs | null {
  if (!isObject(value)) return null;
  const id = readInteger(value.id);
  if (id === null) return null;
  const name = readText(value.name) ?? String(id);
  const outputs = isObject(value.ausgang) ? value.ausgang : {};
  let ausgang: Record<string, number> | null = null;
  for (const key in outputs) {
    const raw = outputs[key];
    const clean = isNumber(raw) && key.trim() === key;
    if (clean && ausgang === null) continue;
    if (ausgang === null) {
      ausgang = {};
      for (const before in outputs) {
        if (before === key) break;
        ausgang[before] = outputs[before] as number;
      }
    }
    const number = readNumber(raw);
    if (number !== null) ausgang[key.trim()] = number;
  }
  if (ausgang === null && id === value.id && name === value.name && outputs === value.ausgang) {
    return value as RoomOutputs;
  }
  return { id, name, ausgang: ausgang ?? (outputs as Record<string, number>) };
}

/** `outs/`: the floors with each room's outputs; null when the answer is no such list. */
export function readOutputs(answer: unknown): FloorOutputs[] | null {
  return readFloorList<FloorOutputs, RoomOutputs>(answer, readRoomOutputs);
}
