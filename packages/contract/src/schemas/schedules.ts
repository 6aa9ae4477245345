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

/** `GET` and the answer of `POST /api/schedules/{roomId}/` on our own (simulated) building. */
export const RoomScheduleSchema = Type.Object({
  room: Type.Integer(),
  /**
   * Issue 33: where the programme lives; our server keeps and edits it. Always sent by our
   * server; optional for older ones (the app reads a missing source as ours).
   */
  source: Type.Optional(Type.Literal('server')),
  editable: Type.Optional(Type.Literal(true)),
  week: WeekSchema,
  /**
   * Ours beyond the issue: the room's setpoint limits, which every target of the week must keep
   * (the device API's room shows none). Always sent by our server; optional for older ones.
   */
  min_target: Type.Optional(Type.Number()),
  max_target: Type.Optional(Type.Number()),
});

/**
 * One switch point of a real device's own programme (`heizprogramm/`, issue 33): the scene it
 * names (not a room), its next switch as the device's naive local time 'YYYY-MM-DD HH:MM' (null
 * when the device gives none), and whether it is active.
 */
export const ProgrammePointSchema = Type.Object({
  name: Type.String(),
  next_due_time: Type.Union([Type.String(), Type.Null()]),
  active: Type.Boolean(),
});

/**
 * `GET /api/schedules/{roomId}/` in proxy mode (UPSTREAM_URL): the device keeps its own
 * programme, edited at the device; our server lists its switch points read-only (the same
 * points for every room: they name scenes).
 */
export const DeviceScheduleSchema = Type.Object({
  room: Type.Integer(),
  source: Type.Literal('device'),
  editable: Type.Literal(false),
  switch_points: Type.Array(ProgrammePointSchema),
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
