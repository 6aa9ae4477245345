import type { Alarm } from './api/alarm-types';

/** An alarm as the server sends it, with the fields a test does not care about filled in. */
export const alarm = (fields: Partial<Alarm> & Pick<Alarm, 'id'>): Alarm => ({
  room: 1,
  room_name: 'Wohnzimmer',
  floor: 'EG',
  floor_id: 1,
  kind: 'too-cold',
  device: null,
  device_kind: null,
  since: '2026-11-23T07:40:00+01:00',
  state: 'active',
  value: 17.2,
  target: 21,
  acknowledged_by: null,
  acknowledged_at: null,
  note: null,
  cleared_at: null,
  ...fields,
});
