import type { Permissions } from './device.js';

export interface User {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  fullname: string;
  permissions: Permissions;
}

/** What the server tells the app before anyone signs in. */
export interface AppConfig {
  /** Building name, for the login page. */
  buildingName: string;
  /** Present only when the seed names a demo login: the login form is prefilled with it. */
  demoLogin: { username: string; password: string } | null;
  /**
   * Template of the per-device forwarding host, with `{device}` for the first label of the
   * page host name, e.g. "https://{device}.relay.example.com". Null: use `/api` on the same origin.
   */
  deviceUrlTemplate: string | null;
  registrationOpen: boolean;
}

export interface RegisterPayload {
  email: string;
  password: string;
  password_confirmation: string;
}

export interface ForgotPasswordPayload {
  email: string;
}

export interface ResetPasswordPayload {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
}

export interface MessageResponse {
  message: string;
}
