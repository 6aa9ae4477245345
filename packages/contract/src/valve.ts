/**
 * Heating demand (issue 32): a room's valve opening in percent, from the device's `outs/`.
 * Real clients read it the same way: a room whose outputs are all 0 or 1 has relays (1 = open,
 * 100 %); otherwise the outputs are analog openings 0–99 and count as they are. The room's
 * opening is the mean of its outputs, in whole percent; a room without outputs has no valve
 * (null). Both apps and the history's sampler use this one rule.
 */

/** A number from the device: a JSON number, or text holding one (" 45"); anything else is none. */
function outputValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value.trim().replace(',', '.'));
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/**
 * The valve opening of one room in percent (0–100, whole), from its `ausgang` object (output
 * number → value). Keys are not read, so a device's `" 14"` works like `"14"`; values that are
 * no number are left out. Null when the room has no usable output.
 */
export function valvePercent(outputs: unknown): number | null {
  if (typeof outputs !== 'object' || outputs === null || Array.isArray(outputs)) return null;
  const values: number[] = [];
  for (const value of Object.values(outputs)) {
    const number = outputValue(value);
    if (number !== null) values.push(number);
  }
  if (values.length === 0) return null;
  const relays = values.every((value) => value === 0 || value === 1);
  let sum = 0;
  for (const value of values) sum += relays ? value * 100 : Math.min(100, Math.max(0, value));
  return Math.round(sum / values.length);
}

/**
 * Every room's valve opening from an `outs/` answer (floors with rooms `{id, ausgang}`), by room
 * id. Rooms listed without outputs map to null; an answer of another shape gives an empty map.
 */
export function valvesByRoom(floors: unknown): Map<number, number | null> {
  const valves = new Map<number, number | null>();
  if (!Array.isArray(floors)) return valves;
  for (const floor of floors as { raeume?: unknown }[]) {
    const rooms = floor?.raeume;
    if (!Array.isArray(rooms)) continue;
    for (const room of rooms as { id?: unknown; ausgang?: unknown }[]) {
      const id = typeof room?.id === 'number' ? room.id : Number(room?.id);
      if (!Number.isInteger(id)) continue;
      valves.set(id, valvePercent(room.ausgang));
    }
  }
  return valves;
}

/**
 * The mean valve opening of some rooms in whole percent, leaving out rooms without a valve;
 * null when none has one (the overview's "Heizbedarf").
 */
export function meanValve(valves: Iterable<number | null>): number | null {
  let sum = 0;
  let count = 0;
  for (const valve of valves) {
    if (valve === null) continue;
    sum += valve;
    count += 1;
  }
  return count === 0 ? null : Math.round(sum / count);
}
