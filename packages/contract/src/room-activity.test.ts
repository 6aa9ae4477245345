import { describe, expect, it } from 'vitest';
import { roomActivity, roomMode, wallTime, type RoomActivityInput } from './room-activity.js';

/** A heating room on its programme at 21 °C, next switch to 17 °C at 22:00. */
const base: RoomActivityInput = {
  betriebsart: 'Heating',
  solltemperatur: 21,
  perm_solltemperatur: 21,
  is_temporary_mode: false,
  remaining_time: null,
  mode_end_datetime: null,
  next_temperature: 17,
  next_due_time: '2026-11-23 22:00',
};

const temporary = (until: string, extra: RoomActivityInput = {}): RoomActivityInput => ({
  ...base,
  solltemperatur: 23,
  is_temporary_mode: true,
  remaining_time: 3600,
  mode_end_datetime: until,
  ...extra,
});

describe('roomActivity', () => {
  it('on the programme: the next switch point', () => {
    expect(roomActivity(base)).toEqual({
      mode: 'heating',
      now: { kind: 'schedule', target: 21 },
      next: { at: '2026-11-23T22:00:00', target: 17, reason: 'schedule' },
    });
  });

  it('without a programme (or a permanent target with no later switch): nothing planned', () => {
    const activity = roomActivity({ ...base, next_temperature: null, next_due_time: null });
    expect(activity.now).toEqual({ kind: 'schedule', target: 21 });
    expect(activity.next).toBeNull();
  });

  it('a temporary target ending before the next switch: the permanent target returns at its end', () => {
    expect(roomActivity(temporary('2026-11-23T20:30:00'))).toEqual({
      mode: 'heating',
      now: { kind: 'temporary', target: 23, until: '2026-11-23T20:30:00' },
      next: { at: '2026-11-23T20:30:00', target: 21, reason: 'temporary-ends', into: 'schedule' },
    });
  });

  it('a temporary target outlasting the next switch: its end with what holds then, never the switch inside it', () => {
    // The case: until 06:12, the programme switched to 17 °C at 22:00 and to 20 °C at 06:00.
    const activity = roomActivity(
      temporary('2026-11-24T06:12:00', { after_temporary_temperature: 20 }),
    );
    expect(activity.now).toEqual({ kind: 'temporary', target: 23, until: '2026-11-24T06:12:00' });
    expect(activity.next).toEqual({
      at: '2026-11-24T06:12:00',
      target: 20,
      reason: 'temporary-ends',
      into: 'schedule',
    });
  });

  it('a device that does not say what holds after a long temporary target: the end, target unknown', () => {
    expect(roomActivity(temporary('2026-11-24T06:12:00')).next).toEqual({
      at: '2026-11-24T06:12:00',
      target: null,
      reason: 'temporary-ends',
      into: 'schedule',
    });
  });

  it('our field wins over the guess from the permanent target', () => {
    expect(
      roomActivity(temporary('2026-11-23T20:30:00', { after_temporary_temperature: 16 })).next
        ?.target,
    ).toBe(16);
  });

  it('a temporary target whose time ran out is no longer one', () => {
    expect(roomActivity(temporary('2026-11-23T20:30:00', { remaining_time: 0 })).now.kind).toBe(
      'schedule',
    );
  });

  it('a temporary target without an end time: no next change', () => {
    const activity = roomActivity(temporary('garbage'));
    expect(activity.now).toEqual({ kind: 'temporary', target: 23, until: null });
    expect(activity.next).toBeNull();
  });

  it('an absence: absent until its end at its target, then what holds after it', () => {
    const activity = roomActivity({
      ...base,
      solltemperatur: 16,
      perm_solltemperatur: 16,
      absent_until: '2027-01-06T18:00:00',
      next_temperature: 21,
      next_due_time: '2027-01-06 18:00',
    });
    expect(activity).toEqual({
      mode: 'heating',
      now: { kind: 'absent', target: 16, until: '2027-01-06T18:00:00' },
      next: { at: '2027-01-06T18:00:00', target: 21, reason: 'absence-ends' },
    });
  });

  it('a temporary target during an absence wins, and returns to the absence target', () => {
    const activity = roomActivity(
      temporary('2026-11-23T20:30:00', {
        absent_until: '2027-01-06T18:00:00',
        perm_solltemperatur: 16,
        after_temporary_temperature: 16,
      }),
    );
    expect(activity.now.kind).toBe('temporary');
    expect(activity.next).toEqual({
      at: '2026-11-23T20:30:00',
      target: 16,
      reason: 'temporary-ends',
      into: 'absence',
    });
  });

  it('reads the mode: cooling, off, anything else off', () => {
    expect(roomActivity({ ...base, betriebsart: 'Cooling' }).mode).toBe('cooling');
    expect(roomMode(' heating ')).toBe('heating');
    expect(roomMode('Off')).toBe('off');
    expect(roomMode(undefined)).toBe('off');
    // An inactive room still reports its programme's next switch.
    expect(roomActivity({ ...base, betriebsart: 'Off' }).next?.target).toBe(17);
  });

  it('reads loose values as the device may send them', () => {
    expect(roomActivity({ ...base, next_temperature: '17,5' }).next?.target).toBe(17.5);
    expect(roomActivity({ ...base, next_temperature: 'kein' }).next).toBeNull();
    expect(wallTime('2026-11-23T07:40:00+01:00')).toBe('2026-11-23T07:40:00');
    expect(wallTime('23.11.2026')).toBeNull();
  });
});
