/** The accounts calls' wire shapes (device-api.md section 5), the one source of their types. */
import Type, { type Static } from 'typebox';
import { PermissionsSchema } from './device.js';

export const UserSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  fullname: Type.String(),
  permissions: PermissionsSchema,
});

/** What the server tells the app before anyone signs in. */
export const AppConfigSchema = Type.Object({
  /** Building name, for the login page. */
  buildingName: Type.String(),
  /**
   * Issue 37: the building the app is opened for (its house id): the `house` parameter, else
   * the building whose host label the page's host name starts with, else the server's own.
   */
  houseId: Type.Integer({ minimum: 1 }),
  /** Present only when the seed names a demo login: the login form is prefilled with it. */
  demoLogin: Type.Union([
    Type.Object({ username: Type.String(), password: Type.String() }),
    Type.Null(),
  ]),
  /**
   * Template of the per-device forwarding host, with `{device}` for the first label of the
   * page host name, e.g. "https://{device}.relay.example.com". Null: use `/api` on the same origin.
   */
  deviceUrlTemplate: Type.Union([Type.String(), Type.Null()]),
  registrationOpen: Type.Boolean(),
  /**
   * Issue 33: `simulation` when our server is the building, `proxy` when it stands in front of a
   * real device (UPSTREAM_URL), which keeps its own programme and takes targets for 24 h at most;
   * `mqtt` (issue 36) when our server is the building and drives real thermostats over MQTT
   * (MQTT_URL without UPSTREAM_URL): schedules and absences are ours, as in simulation.
   */
  deviceMode: Type.Union([Type.Literal('simulation'), Type.Literal('proxy'), Type.Literal('mqtt')]),
});

/**
 * Account bodies come as multipart, urlencoded or JSON. The server reads each field as text
 * (a repeated field: its first value) and answers a missing or bad one with the field's own
 * message in `messages`, so Fastify's schema validation is not put in front of these.
 */
export const RegisterPayloadSchema = Type.Object({
  email: Type.String(),
  password: Type.String(),
  password_confirmation: Type.String(),
});

export const ForgotPasswordPayloadSchema = Type.Object({
  email: Type.String(),
});

export const ResetPasswordPayloadSchema = Type.Object({
  email: Type.String(),
  token: Type.String(),
  password: Type.String(),
  password_confirmation: Type.String(),
});

/**
 * `POST /api/user/password`: the current credentials in `user`/`password` (they authenticate the
 * write, as with every write), the new password twice.
 */
export const ChangePasswordPayloadSchema = Type.Object({
  user: Type.String(),
  password: Type.String(),
  new_password: Type.String(),
  new_password_confirmation: Type.String(),
});

export const MessageResponseSchema = Type.Object({
  message: Type.String(),
});

/** The answer of `register`: the new user and the name it signs in with (its e-mail address). */
export const RegisterResponseSchema = Type.Object({
  username: Type.String(),
  user: UserSchema,
});

export type User = Static<typeof UserSchema>;
export type AppConfig = Static<typeof AppConfigSchema>;
export type RegisterPayload = Static<typeof RegisterPayloadSchema>;
export type ForgotPasswordPayload = Static<typeof ForgotPasswordPayloadSchema>;
export type ResetPasswordPayload = Static<typeof ResetPasswordPayloadSchema>;
export type ChangePasswordPayload = Static<typeof ChangePasswordPayloadSchema>;
export type MessageResponse = Static<typeof MessageResponseSchema>;
export type RegisterResponse = Static<typeof RegisterResponseSchema>;
