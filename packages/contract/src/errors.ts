export type { ApiErrorBody } from './schemas/errors.js';

export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'headers_too_large',
  'registration_closed',
  'invalid_token',
  'upstream_unavailable',
  'internal_error',
  // Ours (issue 16): an absence already over (409); schedules edited at the device (proxy mode, 501).
  'conflict',
  'edited_at_device',
  // Ours (issue 33), proxy mode: a write the device refused (its reason) or did not take (502).
  'device_refused',
  'not_applied',
  // Ours (issue 34): a target outside the room's limits by a user who does not manage it (400).
  'outside_room_limits',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Proxy mode (issue 33): the message of `device_refused` when the device's refusal page names no
 * reason; the app says "refused" without a reason then.
 */
export const DEVICE_REFUSED_NO_REASON =
  'The heating controller refused the change without giving a reason.';

/** 502 codes of a device that answered (refused or ignored a write): it is not offline. */
export const DEVICE_ANSWERED_CODES: readonly string[] = ['device_refused', 'not_applied'];
