/**
 * The small readers `device-reader.ts` builds on (issue 33): numbers, text, flags, a room's
 * offsets and sensors, each giving back what it was given when that is clean already.
 */
import type { ModuleOffset, Sensor } from './device.js';

export type Fields = Record<string, unknown>;

export const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * A number from the device: a JSON number, or text holding one with a point or a comma
 * ("48.5", "48,5", " 14"). Null for null, "", words and anything else: "no value", never NaN
 * and never 0.
 */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  const number = Number(text.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

/** A whole number (an id, seconds): a number or text holding a whole one; else null. */
export function readInteger(value: unknown): number | null {
  const number = readNumber(value);
  return number !== null && Number.isInteger(number) ? number : null;
}

/** Text as it came (a number as its digits); null and anything else as null. */
export function readText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isNumber(value)) return String(value);
  return null;
}

/** A flag: true, 1, "true", "1" (any case) are true; everything else is false. */
export function readFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1) return true;
  return typeof value === 'string' && /^\s*(true|1)\s*$/i.test(value);
}

/** `offsets`: module name → `{raum, haus}`; a missing number is 0, anything else `{}`. */
export function readOffsets(value: unknown): Record<string, ModuleOffset> {
  if (!isObject(value)) return {};
  let copy: Record<string, ModuleOffset> | null = null;
  for (const name in value) {
    const offset = value[name];
    const clean = isObject(offset) && isNumber(offset.raum) && isNumber(offset.haus);
    if (clean && copy === null) continue;
    if (copy === null) {
      // The first module that is not clean: the ones before it were, and are taken as they are.
      copy = {};
      for (const before in value) {
        if (before === name) break;
        copy[before] = value[before] as ModuleOffset;
      }
    }
    if (clean) copy[name] = offset as ModuleOffset;
    else if (isObject(offset)) {
      copy[name] = { raum: readNumber(offset.raum) ?? 0, haus: readNumber(offset.haus) ?? 0 };
    }
  }
  return copy ?? (value as Record<string, ModuleOffset>);
}

/** One sensor; null when it is no object. `wert` null is kept: a window contact's is normal. */
function readSensor(value: unknown): Sensor | null {
  if (!isObject(value)) return null;
  const name = readText(value.name) ?? '';
  const beschreibung = readText(value.beschreibung) ?? '';
  const wert = readNumber(value.wert);
  // "DD.MM.YYYY HH:MM" local time, kept as the device wrote it.
  const reported = readText(value.letzte_uebertragung);
  const roomSensor = readFlag(value.raumtemperatursensor);
  if (
    name === value.name &&
    beschreibung === value.beschreibung &&
    wert === value.wert &&
    reported === value.letzte_uebertragung &&
    roomSensor === value.raumtemperatursensor
  ) {
    return value as Sensor;
  }
  return {
    name,
    beschreibung,
    wert,
    letzte_uebertragung: reported,
    raumtemperatursensor: roomSensor,
  };
}

/** `sensoren`: the sensors that are objects; anything else `[]`. */
export function readSensors(value: unknown): Sensor[] {
  if (!Array.isArray(value)) return [];
  let copy: Sensor[] | null = null;
  for (let index = 0; index < value.length; index++) {
    const sensor = readSensor(value[index]);
    if (copy === null && sensor !== null && sensor === value[index]) continue;
    copy ??= value.slice(0, index) as Sensor[];
    if (sensor) copy.push(sensor);
  }
  return copy ?? (value as Sensor[]);
}
