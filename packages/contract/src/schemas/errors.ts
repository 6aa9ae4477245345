import Type, { type Static } from 'typebox';

/** Body of every 4xx/5xx answer of the server. */
export const ApiErrorBodySchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  /** Field → messages; only for validation errors. */
  messages: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  /** The setpoint a write asked for; only with `not_applied` (proxy mode: the device kept another). */
  value: Type.Optional(Type.Number()),
});

export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;
