import { ABSENCE_LIST_PAST_DAYS, ABSENCE_MAX_DAYS } from '@raumregler/contract';
import type { Room } from './building.js';
import { parseWireTime, type LocalClock } from '../../platform/clock/local-time.js';
import { parseSetpoint } from './setpoints.js';

/**
 * An absence (holidays, a closed office): from `from` until `to` (epoch ms, `to` exclusive) its
 * rooms keep `target` instead of their weekly programme. It ends by itself: the room view
 * compares the stored instants with now, so nothing has to run at its end, across restarts too.
 */
export interface Absence {
  id: number;
  name: string;
  from: number;
  to: number;
  target: number;
  rooms: number[];
  /** The user name of whoever created it. */
  createdBy: string;
}

/** What the room view needs of one absence of a room. */
export type AbsencePeriod = Pick<Absence, 'id' | 'from' | 'to' | 'target'>;

export const NO_ABSENCES: readonly AbsencePeriod[] = Object.freeze([]);

/** The longest absence, and how far back the list reaches. */
export { ABSENCE_LIST_PAST_DAYS, ABSENCE_MAX_DAYS };
export const ABSENCE_NAME_MAX = 100;
const DAY_MS = 24 * 3_600_000;

/**
 * The absence in force at `at` (from ≤ at < to); of overlapping ones, the one that started last
 * wins (the later created one on a tie).
 */
export function absenceAt(periods: readonly AbsencePeriod[], at: number): AbsencePeriod | null {
  let winner: AbsencePeriod | null = null;
  for (const period of periods) {
    if (period.from > at || period.to <= at) continue;
    if (
      !winner ||
      period.from > winner.from ||
      (period.from === winner.from && period.id > winner.id)
    ) {
      winner = period;
    }
  }
  return winner;
}

/** Where an absence stands at `now`: ended early or over, running, or still to come. */
export const absenceState = (absence: Pick<Absence, 'from' | 'to'>, now: number) =>
  absence.to <= now ? 'over' : absence.from > now ? 'future' : 'running';

export interface NewAbsence {
  name: string;
  from: number;
  to: number;
  target: number;
  rooms: number[];
}

export type ParsedAbsence =
  { ok: true; value: NewAbsence } | { ok: false; messages: Record<string, string[]> };

/**
 * The fields of `POST /api/absences/`: name, from and to (device-local time, an offset allowed),
 * target, and rooms (comma-separated ids or `all`). `to` lies after `from` and now, at most 365
 * days after `from`; the target fits every chosen room's limits; every id names a room.
 */
export function parseAbsence(
  fields: Record<string, unknown>,
  { now, local, rooms }: { now: number; local: LocalClock; rooms: readonly Room[] },
): ParsedAbsence {
  const messages: Record<string, string[]> = {};
  const refuse = (field: string, reason: string) => {
    (messages[field] ??= []).push(`${field} ${reason}.`);
  };
  const text = (field: string) => (typeof fields[field] === 'string' ? fields[field].trim() : '');

  const name = text('name');
  if (name === '') refuse('name', 'is required');
  else if ([...name].length > ABSENCE_NAME_MAX) {
    refuse('name', `must be at most ${ABSENCE_NAME_MAX} characters`);
  }

  const time = (field: 'from' | 'to') => {
    const raw = text(field);
    if (raw === '') {
      refuse(field, 'is required');
      return null;
    }
    const instant = parseWireTime(local, raw);
    if (instant === null) {
      refuse(
        field,
        `must be a local time YYYY-MM-DDTHH:MM:SS (an offset such as +01:00 allowed) that exists in ${local.timeZone}`,
      );
    }
    return instant;
  };
  const from = time('from');
  const to = time('to');
  if (from !== null && to !== null) {
    if (to <= from) refuse('to', 'must be after from');
    else if (to - from > ABSENCE_MAX_DAYS * DAY_MS) {
      refuse('to', `must be at most ${ABSENCE_MAX_DAYS} days after from`);
    } else if (to <= now) refuse('to', 'must be in the future');
  }

  const chosen: Room[] = [];
  const roomsText = text('rooms');
  if (roomsText === '') refuse('rooms', 'is required (comma-separated room ids, or all)');
  else if (roomsText.toLowerCase() === 'all') chosen.push(...rooms);
  else {
    const byId = new Map(rooms.map((room) => [room.id, room]));
    const ids = roomsText.split(',').map((id) => id.trim());
    const malformed = ids.filter((id) => !/^\d{1,9}$/.test(id));
    if (malformed.length > 0) {
      refuse('rooms', 'must be comma-separated room ids or all');
    } else {
      const unknown = [...new Set(ids.map(Number))].filter((id) => !byId.has(id));
      if (unknown.length > 0) {
        refuse('rooms', 'names a room that does not exist');
      } else {
        for (const id of new Set(ids.map(Number))) chosen.push(byId.get(id)!);
      }
    }
  }
  if (roomsText !== '' && chosen.length === 0 && !messages.rooms) {
    refuse('rooms', 'must name at least one room');
  }

  let target: number | null = null;
  const parsed = parseSetpoint(fields.target, -Infinity, Infinity);
  if (!parsed.ok) refuse('target', parsed.message);
  else {
    const outside = chosen.find(
      (room) => parsed.value < room.minTarget || parsed.value > room.maxTarget,
    );
    if (outside) {
      refuse(
        'target',
        `must be between ${outside.minTarget} and ${outside.maxTarget} °C (the limits of ${outside.name})`,
      );
    } else target = parsed.value;
  }

  if (Object.keys(messages).length > 0) return { ok: false, messages };
  return {
    ok: true,
    value: {
      name,
      from: from!,
      to: to!,
      target: target!,
      rooms: chosen.map((room) => room.id).sort((a, b) => a - b),
    },
  };
}
