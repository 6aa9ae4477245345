/**
 * Ours (issue 16): weekly schedules and absences. Types of `./schemas/schedules.ts`, and the
 * rules both apps apply (the server refuses, the editor keeps within them).
 */
import type { Static } from 'typebox';
import type {
  AbsenceListSchema,
  AbsenceSchema,
  DeviceScheduleSchema,
  EndAbsenceResultSchema,
  RoomScheduleSchema,
  WeekPointSchema,
  WeekSchema,
} from './schemas/schedules.js';

export type WeekPoint = Static<typeof WeekPointSchema>;
export type Week = Static<typeof WeekSchema>;
export type RoomSchedule = Static<typeof RoomScheduleSchema>;
/** Proxy mode's answer: the device's own programme, read-only (issue 33). */
export type DeviceSchedule = Static<typeof DeviceScheduleSchema>;
export type Absence = Static<typeof AbsenceSchema>;
export type AbsenceList = Static<typeof AbsenceListSchema>;
export type EndAbsenceResult = Static<typeof EndAbsenceResultSchema>;

/** The days of a week, in order (bit 0 = Monday in the stored programme). */
export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
/** Switch points a day may hold. */
export const SCHEDULE_MAX_POINTS_PER_DAY = 12;
/** Switch times lie on this grid, in minutes (00:00 … 23:55). */
export const SCHEDULE_GRID_MINUTES = 5;
/** Bytes the `week` field of a schedule save and the `rooms` field of an absence may have. */
export const SCHEDULE_FIELD_MAX_BYTES = 16 * 1024;
/** The longest absence, in days. */
export const ABSENCE_MAX_DAYS = 365;
/** How far back `GET /api/absences/` lists ended absences, in days. */
export const ABSENCE_LIST_PAST_DAYS = 30;
