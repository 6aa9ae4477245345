import { describe, expect, it } from 'vitest';
import { readRoom } from './device-reader.js';

const room = {
  id: 3,
  name: 'Arbeitszimmer',
  temperatur: 20,
  solltemperatur: 21,
  perm_solltemperatur: 21,
  total_offset: 0,
  offsets: {},
  sensoren: [],
  luftfeuchte: null,
  betriebsart: 'Heating',
  is_temporary_mode: false,
  remaining_time: null,
  mode_end_datetime: null,
  next_temperature: null,
  next_due_time: null,
};

describe('readRoom: room limits (issue 34)', () => {
  it("passes our server's room with its limits as it came", () => {
    const ours = { ...room, limits: { min: 16, max: 23 } };
    expect(readRoom(ours)).toBe(ours);
    const none = { ...room, limits: null };
    expect(readRoom(none)).toBe(none);
  });

  it('keeps the limits when it rebuilds a room, and leaves them absent when absent', () => {
    // Numbers as text make the reader rebuild the room.
    const rebuilt = readRoom({ ...room, solltemperatur: '21,5', limits: { min: '16', max: 23 } });
    expect(rebuilt).toMatchObject({ solltemperatur: 21.5, limits: { min: 16, max: 23 } });
    expect(readRoom({ ...room, solltemperatur: '21' })).not.toHaveProperty('limits');
    expect(readRoom({ ...room, solltemperatur: '21', limits: 'x' })).toMatchObject({
      limits: null,
    });
  });
});
