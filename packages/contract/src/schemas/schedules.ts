/**
 * Ours (issue 16), not the device's: a room's weekly programme and the building's absences, at
 * `/api/schedules/{roomId}/` and `/api/absences/` (docs/device-api.md, "Our extensions").
 */
import Type from 'typebox';

/** One switch point: wall-clock time 'HH:MM' in the device's time zone, and the target from then on. */
export const WeekPointSchema = Type.Object({
  at: Type.String(),
  target: Type.Number(),
});

const Day = Type.Array(WeekPointSchema);

/** Every weekday, each day's points in time order (an empty list: the day before holds on). */
export const WeekSchema = Type.Object({
  mon: Day,
  tue: Day,
  wed: Day,
  thu: Day,
  fri: Day,
  sat: Day,
  sun: Day,
});

/** `GET` and the answer of `POST /api/schedules/{roomId}/`. */
export const RoomScheduleSchema = Type.Object({
  room: Type.Integer(),
  week: WeekSchema,
});

/** `POST /api/schedules/{roomId}/` (multipart or urlencoded): `week` is the week as JSON text. */
export const SaveScheduleBodySchema = Type.Object({
  user: Type.String(),
  password: Type.String(),
  week: Type.String(),
});

export const AbsenceSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Device-local time with its offset, '2026-12-20T10:00:00+01:00'. */
  from: Type.String(),
  /** The end (exclusive), in the same form; an absence ended early ends at that instant. */
  to: Type.String(),
  target: Type.Number(),
  rooms: Type.Array(Type.Integer()),
  /** User name of whoever created it. */
  created_by: Type.String(),
  /** Ours beyond the issue: where it stands at the answer's instant. */
  state: Type.Union([Type.Literal('future'), Type.Literal('running'), Type.Literal('over')]),
});

/** `GET /api/absences/`: running and future ones, and those that ended in the last 30 days. */
export const AbsenceListSchema = Type.Object({
  absences: Type.Array(AbsenceSchema),
});

/** `POST /api/absences/`: `rooms` is comma-separated room ids, or `all`. */
export const CreateAbsenceBodySchema = Type.Object({
  user: Type.String(),
  password: Type.String(),
  name: Type.String(),
  from: Type.String(),
  to: Type.String(),
  target: Type.String(),
  rooms: Type.String(),
});

/** `POST /api/absences/{id}/end`: a running absence is `ended` now, a future one `deleted`. */
export const EndAbsenceResultSchema = Type.Object({
  result: Type.Union([Type.Literal('ended'), Type.Literal('deleted')]),
  absence: AbsenceSchema,
});
