/**
 * What the API description (`GET /api/openapi.json`) says about request bodies and query
 * strings that the server reads with its own parsers, not with Fastify's schema validation
 * (decision 27): these schemas are documentation only, set in a route's `config.docs`, never
 * in its validated `schema` (decision 82). Form fields are text on the wire; each write also
 * takes `user`/`password` (the description adds them to every write that needs a sign-in).
 */
import Type from 'typebox';
import { ALARM_FILTERS, ALARM_KINDS } from '../alarms.js';

const text = (description: string) => Type.String({ description });
const optionalText = (description: string) => Type.Optional(text(description));

/** `heizprogramm/`: the scenes and when each next starts, or `{}` when there are none. */
export const HeizprogrammSchema = Type.Union([
  Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      /** Naive local time 'YYYY-MM-DD HH:MM'; null when the device gives none. */
      next_due_time: Type.Union([Type.String(), Type.Null()]),
      active: Type.Boolean(),
    }),
  ),
  Type.Object({}, { additionalProperties: false }),
]);

/** `POST /set/json/v1/{houseId}/resettemp/{roomId}/`: no fields besides the sign-in. */
export const EndTemporaryBodySchema = Type.Object({});

/** `POST /api/rooms/{roomId}/limits`: both empty (or missing) removes the limits. */
export const RoomLimitsBodySchema = Type.Object({
  min: optionalText('Lowest target in °C ("16", "16,5"); empty with max empty: no limits.'),
  max: optionalText('Highest target in °C; required with min.'),
});

const memberFields = {
  language: optionalText('`de` or `en` (default `de`).'),
  access_to_smart: optionalText('`no-access`, `read`, `permanent` or `full`.'),
  access_to_pro: optionalText('`no-access`, `read`, `permanent` or `full`.'),
  floors: optionalText('Floor ids of the scope, comma-separated; empty: none.'),
  rooms: optionalText('Room ids of the scope, comma-separated; both empty: the whole building.'),
  valid_from: optionalText('First day, YYYY-MM-DD; empty: open.'),
  valid_until: optionalText('Last day, YYYY-MM-DD; empty: open.'),
};

/** `POST /api/members/`: a new member, invited by mail. */
export const CreateMemberBodySchema = Type.Object({
  username: text('3–50 characters, no spaces, colons or slashes.'),
  email: text('Where the invitation goes.'),
  ...memberFields,
});

/** `PATCH /api/members/{username}/`: only the fields sent change. */
export const ChangeMemberBodySchema = Type.Object({
  email: optionalText('The new address.'),
  ...memberFields,
});

/** `GET /api/history/{roomId}/` */
export const HistoryQuerySchema = Type.Object({
  from: optionalText('Start: local time 2026-11-23T08:00 or with offset; default 24 h ago.'),
  to: optionalText('End (same form); default now.'),
  step: optionalText('Seconds: the raw interval, or 900 for 15-minute means.'),
  format: optionalText('`csv` for CSV (also by `Accept: text/csv`).'),
});

/** `GET /api/history/export.csv` */
export const HistoryExportQuerySchema = Type.Object({
  from: optionalText('Start: local time or with offset.'),
  to: optionalText('End (same form); default now.'),
  floor: optionalText('Only the rooms of this floor id.'),
  step: optionalText('`15m`, `1h` (default), `1d` or the raw interval in seconds.'),
  lang: optionalText('`de` (semicolons, decimal comma) or `en`; default the user’s language.'),
});

/** `GET /api/alarms/` */
export const AlarmsQuerySchema = Type.Object({
  state: Type.Optional(
    Type.String({ description: `One of ${ALARM_FILTERS.join(', ')}.`, enum: [...ALARM_FILTERS] }),
  ),
  kind: optionalText(`Kinds, comma-separated: ${ALARM_KINDS.join(', ')}.`),
  floor: optionalText('A floor id.'),
  from: optionalText('Alarms that began at or after this time (2026-11-23T08:00:00+01:00).'),
  to: optionalText('Alarms that began before this time.'),
});
