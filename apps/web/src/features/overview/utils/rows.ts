import { roomActivity, roomDeviation, type Floor } from '@raumregler/contract';
import { isStale, lastSensorReport, parseDeviceTime, toNumber } from '@/lib/device-values';

// "Unter/über Ziel" is the contract's rule: the Gebäude page (issue 37) counts it on the server.
export { DEVIATION_LIMIT_K, offTarget } from '@raumregler/contract';

export type RoomStatus =
  'alarm' | 'silent' | 'temporary' | 'absent' | 'heating' | 'cooling' | 'off';

/** An alarm as `/api/alarms/` lists it (the fields the overview reads). */
export interface OverviewAlarm {
  room: number;
  kind: string;
  since: string;
  state?: string;
  /** A device's alarm (issue 36): its zigbee2mqtt name and what it is. */
  device?: string | null;
  device_kind?: string | null;
}

/** An absence as `/api/absences/` lists it (the fields the overview reads). */
export interface OverviewAbsence {
  from: string;
  to: string;
  rooms: readonly number[];
}

/**
 * What our server knows beyond the device's answer: open alarms and absences. Undefined when
 * the route has none to give (then the overview offers no alarm or absence filter).
 */
export interface RoomMarks {
  alarms?: readonly OverviewAlarm[];
  absences?: readonly OverviewAbsence[];
}

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
  /** The contract's next change (roomActivity): its target (null: not known) and time. */
  nextTemperature: number | null;
  /** When it happens, on the device's clock, or null when none is planned. */
  nextDue: Date | null;
  humidity: number | null;
  /** The valve opening in percent from `outs/` (null: no outputs or not known; withValves). */
  valve: number | null;
  /** The sensor's last report. */
  updated: Date | null;
  noSensor: boolean;
  silent: boolean;
  /** The room's open alarm (the newest, if several kinds are open). */
  alarm: {
    kind: string;
    since: Date | null;
    device?: string | null;
    deviceKind?: string | null;
  } | null;
  /** The end of the absence in force now, or null. */
  absentUntil: Date | null;
}

/** The status text's emphasis: an alarm in red, a silent sensor in amber (words say it too). */
export function statusTone(row: Pick<OverviewRow, 'status'>): string | false {
  if (row.status === 'alarm') return 'font-semibold text-red-700 dark:text-red-300';
  if (row.status === 'silent') return 'font-medium text-amber-800 dark:text-amber-300';
  return false;
}

/** Current minus target in K (one decimal, no −0), or null when the room has no reading. */
export const deviation = (current: unknown, target: unknown): number | null =>
  roomDeviation(toNumber(current), toNumber(target));

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
 * What the room is doing, most urgent first: an open alarm, a silent sensor (its last report
 * older than the room page's stale threshold), a temporary target (it wins over an absence, as
 * on the server), an absence, then the operating mode.
 */
export function roomStatus(
  room: RoomLike,
  now: Date,
  marks: { alarm?: boolean; absentUntil?: Date | null } = {},
): { status: RoomStatus; until: Date | null } {
  if (marks.alarm) return { status: 'alarm', until: null };
  if (isStale(lastSensorReport(room.sensoren), now)) return { status: 'silent', until: null };
  if (isTemporary(room)) {
    return { status: 'temporary', until: parseDeviceTime(room.mode_end_datetime) };
  }
  if (marks.absentUntil) return { status: 'absent', until: marks.absentUntil };
  const mode = typeof room.betriebsart === 'string' ? room.betriebsart.trim().toLowerCase() : '';
  if (mode === 'heating') return { status: 'heating', until: null };
  if (mode === 'cooling') return { status: 'cooling', until: null };
  return { status: 'off', until: null };
}

const instant = (text: unknown): Date | null => {
  if (typeof text !== 'string') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Per room: its newest open alarm, and the end of the absence in force now (latest start wins). */
function indexMarks(marks: RoomMarks, now: Date) {
  const alarms = new Map<number, NonNullable<OverviewRow['alarm']>>();
  for (const alarm of marks.alarms ?? []) {
    if (alarm.state === 'cleared') continue;
    // On the device's clock, as the alarm list shows it (not the browser's zone).
    const since = parseDeviceTime(alarm.since);
    const known = alarms.get(alarm.room);
    if (!known || (since && known.since && since > known.since)) {
      alarms.set(
        alarm.room,
        alarm.device
          ? { kind: alarm.kind, since, device: alarm.device, deviceKind: alarm.device_kind ?? null }
          : { kind: alarm.kind, since },
      );
    }
  }
  const absences = new Map<number, { from: Date; to: Date }>();
  for (const absence of marks.absences ?? []) {
    const from = instant(absence.from);
    const to = instant(absence.to);
    if (!from || !to || from > now || to <= now) continue;
    for (const room of absence.rooms) {
      const known = absences.get(room);
      if (!known || from >= known.from) absences.set(room, { from, to });
    }
  }
  return { alarms, absences };
}

/**
 * The overview's rows for the given floors, in building order, with our server's marks.
 * The component builds the two parts apart (buildBaseRows, withMarks), so that alarms and
 * absences arriving after `temps` cost a pass over the marked rooms, not a rebuild of all.
 */
export function buildRows(
  floors: readonly Floor[],
  now: Date,
  floorLabel: (name: string) => string = (name) => name,
  marks: RoomMarks = {},
): OverviewRow[] {
  return withMarks(buildBaseRows(floors, now, floorLabel), marks, now);
}

/** The rows from the device's answer alone (no alarm, no absence). */
export function buildBaseRows(
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
      // The next change as the room page says it (after a temporary target: at its end).
      const next = roomActivity(room).next;
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
        temporaryUntil: temporary ? parseDeviceTime(room.mode_end_datetime) : null,
        nextTemperature: next?.target ?? null,
        nextDue: next ? parseDeviceTime(next.at) : null,
        humidity: toNumber(room.luftfeuchte),
        valve: null,
        updated: lastSensorReport(room.sensoren),
        noSensor: current === null,
        silent: status === 'silent',
        alarm: null,
        absentUntil: null,
      });
    }
  }
  return rows;
}

/**
 * The rows with their open alarm and the absence in force. Unmarked rows stay the same objects
 * (the table's memoized rows skip them); the status follows roomStatus's order: an alarm first,
 * then a silent sensor and a temporary target, then the absence.
 */
export function withMarks(rows: OverviewRow[], marks: RoomMarks, now: Date): OverviewRow[] {
  const { alarms, absences } = indexMarks(marks, now);
  if (alarms.size === 0 && absences.size === 0) return rows;
  return rows.map((row) => {
    const alarm = alarms.get(row.id) ?? null;
    const absentUntil = absences.get(row.id)?.to ?? null;
    if (alarm === null && absentUntil === null) return row;
    const status: RoomStatus = alarm
      ? 'alarm'
      : row.status === 'silent' || row.status === 'temporary' || absentUntil === null
        ? row.status
        : 'absent';
    return { ...row, alarm, absentUntil, status, silent: status === 'silent' };
  });
}
