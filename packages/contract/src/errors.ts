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
  // Ours (issue 34): a target outside the room's limits by a user who does not manage it (400).
  'outside_room_limits',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
