import type { IntlShape } from 'react-intl';
import type { Absence } from '../api/get-absences';

export type AbsenceState = 'current' | 'future' | 'past';

/** A wire time with its offset as an instant; without one, the browser's clock stands in. */
export const toDate = (text: string) => new Date(text);

export function absenceState(absence: Absence, now: Date): AbsenceState {
  if (toDate(absence.to) <= now) return 'past';
  return toDate(absence.from) <= now ? 'current' : 'future';
}

/** The absence a room is under now: of those running, the one that started last wins. */
export function activeAbsence(roomId: number, absences: readonly Absence[], now: Date) {
  let found: Absence | null = null;
  for (const absence of absences)
    if (absence.rooms.includes(roomId) && absenceState(absence, now) === 'current')
      if (!found || toDate(absence.from) >= toDate(found.from)) found = absence;
  return found;
}

/**
 * "12.01., 18:00" in German, "12/01, 18:00" in English; with the year when it is not `now`'s
 * ("06.01.2027, 18:00", issue 32).
 */
export const formatMoment = (intl: IntlShape, text: string, now: Date = new Date()) => {
  const date = toDate(text);
  const year = date.getFullYear() === now.getFullYear() ? undefined : 'numeric';
  return `${intl.formatDate(date, { day: '2-digit', month: '2-digit', year })}, ${intl.formatTime(
    date,
    {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    },
  )}`;
};

export interface AbsenceForm {
  name: string;
  /** The browser's datetime-local value "YYYY-MM-DDTHH:MM". */
  from: string;
  to: string;
  target: string;
  all: boolean;
  rooms: readonly number[];
}

export const TARGET_MIN = 5;
export const TARGET_MAX = 30;
const MAX_DAYS = 365;
const DAY_MS = 86_400_000;

/** Message ids by field: the same rules the server applies, said before asking it. */
export function validateAbsence(
  form: AbsenceForm,
  now: Date,
): Partial<Record<keyof AbsenceForm, string>> {
  const problems: Partial<Record<keyof AbsenceForm, string>> = {};
  if (form.name.trim() === '') problems.name = 'absences.error.name';
  const from = form.from ? new Date(form.from) : null;
  const to = form.to ? new Date(form.to) : null;
  if (!from || Number.isNaN(from.getTime())) problems.from = 'absences.error.from';
  if (!to || Number.isNaN(to.getTime())) problems.to = 'absences.error.to';
  else if (from && !problems.from && to <= from) problems.to = 'absences.error.toAfterFrom';
  else if (to <= now) problems.to = 'absences.error.toPast';
  else if (from && !problems.from && to.getTime() - from.getTime() > MAX_DAYS * DAY_MS)
    problems.to = 'absences.error.tooLong';
  const target = Number(form.target.replace(',', '.'));
  if (
    form.target.trim() === '' ||
    !Number.isFinite(target) ||
    target < TARGET_MIN ||
    target > TARGET_MAX
  )
    problems.target = 'absences.error.target';
  if (!form.all && form.rooms.length === 0) problems.rooms = 'absences.error.rooms';
  return problems;
}

/** "2026-12-23T18:00" → "2026-12-23T18:00:00", the device-local form the API takes. */
export const toWireLocal = (value: string) => (value.length === 16 ? `${value}:00` : value);

/** An absence as the editor starts from it (issue 32): its wire times are device-local already. */
export function absenceToForm(absence: Absence, roomCount: number): AbsenceForm {
  const all = roomCount > 0 && absence.rooms.length >= roomCount;
  return {
    name: absence.name,
    from: absence.from.slice(0, 16),
    to: absence.to.slice(0, 16),
    target: String(absence.target),
    all,
    rooms: all ? [] : absence.rooms,
  };
}
