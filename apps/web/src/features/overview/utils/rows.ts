import type { Floor } from '@raumregler/contract';
import { isStale, lastSensorReport, parseModeEnd, toNumber } from '@/lib/device-values';

/** "Unter/über Ziel": more than this many kelvin below/above the target right now. */
export const DEVIATION_LIMIT_K = 1.0;

/** 'below' or 'above' when the room is more than DEVIATION_LIMIT_K off its target, else null. */
export function offTarget(row: { deviation: number | null }): 'below' | 'above' | null {
  if (row.deviation === null) return null;
  if (row.deviation < -DEVIATION_LIMIT_K) return 'below';
  if (row.deviation > DEVIATION_LIMIT_K) return 'above';
  return null;
}

export type RoomStatus = 'silent' | 'temporary' | 'heating' | 'cooling' | 'off';

/** One room as the overview shows it: every cell's value, read once from the device's answer. */
export interface OverviewRow {
  id: number;
  name: string;
  floorId: number;
  floorName: string;
  /** The floor's position in the building. */
  floorIndex: number;
  /** Position in the building's order (floors as the device lists them, rooms within). */
  order: number;
  current: number | null;
  target: number | null;
  deviation: number | null;
  status: RoomStatus;
  /** A temporary target runs (also when the sensor is silent), and when it ends. */
  temporary: boolean;
  temporaryUntil: Date | null;
  nextTemperature: number | null;
  /** next_due_time as a sortable "YYYY-MM-DD HH:MM", or null. */
  nextDue: string | null;
  humidity: number | null;
  /** The sensor's last report. */
  updated: Date | null;
  noSensor: boolean;
  silent: boolean;
}

/** Current minus target in K (one decimal, no −0), or null when the room has no reading. */
export function deviation(current: unknown, target: unknown): number | null {
  const c = toNumber(current);
  const t = toNumber(target);
  if (c === null || t === null) return null;
  const value = Math.round((c - t) * 10) / 10;
  return value === 0 ? 0 : value;
}

interface RoomLike {
  betriebsart?: unknown;
  is_temporary_mode?: unknown;
  remaining_time?: unknown;
  mode_end_datetime?: unknown;
  sensoren?: unknown;
}

/** A temporary target runs (as the floor overview decides: the mode is on and time is left). */
const isTemporary = (room: RoomLike) =>
  room.is_temporary_mode === true && (toNumber(room.remaining_time) ?? 1) > 0;

/**
 * What the room is doing, most urgent first: a silent sensor (its last report older than the
 * room page's stale threshold), a temporary target, then the operating mode.
 */
export function roomStatus(room: RoomLike, now: Date): { status: RoomStatus; until: Date | null } {
  if (isStale(lastSensorReport(room.sensoren), now)) return { status: 'silent', until: null };
  if (isTemporary(room)) {
    return { status: 'temporary', until: parseModeEnd(room.mode_end_datetime) };
  }
  const mode = typeof room.betriebsart === 'string' ? room.betriebsart.trim().toLowerCase() : '';
  if (mode === 'heating') return { status: 'heating', until: null };
  if (mode === 'cooling') return { status: 'cooling', until: null };
  return { status: 'off', until: null };
}

const dueTime = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value.trim());
  return match ? `${match[1]} ${match[2]}` : null;
};

/** The overview's rows for the given floors, in building order. */
export function buildRows(
  floors: readonly Floor[],
  now: Date,
  floorLabel: (name: string) => string = (name) => name,
): OverviewRow[] {
  const rows: OverviewRow[] = [];
  for (const [floorIndex, floor] of floors.entries()) {
    for (const room of floor.raeume ?? []) {
      const current = toNumber(room.temperatur);
      const target = toNumber(room.solltemperatur);
      const { status } = roomStatus(room, now);
      const temporary = isTemporary(room);
      rows.push({
        id: room.id,
        name: String(room.name ?? ''),
        floorId: floor.id,
        floorName: floorLabel(String(floor.etagenname ?? '')),
        floorIndex,
        order: rows.length,
        current,
        target,
        deviation: deviation(current, target),
        status,
        temporary,
        temporaryUntil: temporary ? parseModeEnd(room.mode_end_datetime) : null,
        nextTemperature: toNumber(room.next_temperature),
        nextDue: dueTime(room.next_due_time),
        humidity: toNumber(room.luftfeuchte),
        updated: lastSensorReport(room.sensoren),
        noSensor: current === null,
        silent: status === 'silent',
      });
    }
  }
  return rows;
}
