import {
  DeviceInfoSchema,
  EndTemporaryBodySchema,
  FloorListSchema,
  FloorOutputsListSchema,
  FloorRoomsListSchema,
  HeizprogrammSchema,
  PermissionsSchema,
  RoomListSchema,
  RoomSchema,
  SetOperatingModeBodySchema,
  SetPermanentBodySchema,
  SetTargetBodySchema,
} from '@raumregler/contract/schemas';
import type { RouteDocs } from '../../../platform/http/openapi.js';

/**
 * What the API description says about each device API route, carried by the simulated routes
 * (reads.ts, writes.ts) and by proxy mode's (modules/proxy) alike, so the description is the
 * same in both modes (decision 82). The answers' schemas are the simulated routes' own
 * `schema.response`; proxy mode passes the device's answers on and has no serializer for them.
 */
export const DEVICE_READ_DOCS = {
  info: {
    summary: 'The device: hardware, software, house id and the building’s name',
    description: 'Signs in (with ANONYMOUS_READ also without credentials).',
    response: { 200: DeviceInfoSchema },
  },
  permissions: {
    summary: 'The signed-in user’s access to both areas, scope and validity',
    response: { 200: PermissionsSchema },
  },
  temps: {
    summary: 'Every floor with its rooms: temperatures, targets, temporary targets',
    description:
      'Polled by tools; answers 304 to a matching If-None-Match. Only the rooms of the user’s scope.',
    response: { 200: FloorListSchema },
  },
  room: {
    summary: 'One room, as a list of one',
    response: { 200: RoomListSchema },
  },
  rooms: {
    summary: 'Every floor with its rooms’ ids and names',
    response: { 200: FloorRoomsListSchema },
  },
  outs: {
    summary: 'Every floor with its rooms’ outputs (valves: 1 open, 0 shut, or 0–99 %)',
    response: { 200: FloorOutputsListSchema },
  },
  heizprogramm: {
    summary: 'The scenes the weekly programmes switch to, and when each next starts',
    response: { 200: HeizprogrammSchema },
  },
} satisfies Record<string, RouteDocs>;

const roomAnswer = { 200: RoomSchema };

export const DEVICE_WRITE_DOCS = {
  ziel: {
    summary: 'Set a temporary target for a time (duration minutes) or until a time (until)',
    form: SetTargetBodySchema,
    response: roomAnswer,
  },
  resettemp: {
    summary: 'End the temporary target: the programme’s target holds again',
    form: EndTemporaryBodySchema,
    response: roomAnswer,
  },
  soll: {
    summary: 'Set the permanent target of the programme block in force',
    form: SetPermanentBodySchema,
    response: roomAnswer,
  },
  rooms: {
    summary: 'Change the operating mode (action=betriebsart, value e.g. Heating)',
    form: SetOperatingModeBodySchema,
    response: roomAnswer,
  },
} satisfies Record<string, RouteDocs>;

/** A catch-all that only refuses (an unknown house id or method): not an operation. */
export const CATCH_ALL_DOCS: RouteDocs = { hide: 'a catch-all refusal' };
