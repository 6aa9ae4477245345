import { describe, expect, it } from 'vitest';
import { aRoom } from '../../test-support/building.js';
import type { Room } from './building.js';
import {
  InvalidCommandError,
  modeChange,
  permanentChange,
  temporaryTarget,
} from './room-commands.js';
import { unrollSchedule } from './schedule.js';

const room = (changes: Partial<Room> = {}): Room =>
  aRoom({ temperature: 20.5, humidity: 45, ...changes });
const wall = (local: string) => Date.parse(`${local}Z`);
// Weekdays 21 °C from 06:00, 18 °C from 22:00 (points 1 and 2; Monday is bit 0).
const weekdays = unrollSchedule([
  { id: 1, days: 0b0011111, at: 6 * 60, target: 21 },
  { id: 2, days: 0b0011111, at: 22 * 60, target: 18 },
]);

/** The refusal a decision throws: its field and reason. */
const refusal = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    if (error instanceof InvalidCommandError) return [error.field, error.reason];
    throw error;
  }
  return null;
};

describe('temporaryTarget', () => {
  it('snaps the setpoint to the 0.125 °C grid and ends after the minutes', () => {
    expect(temporaryTarget(room(), '22,3', '45', 1_000)).toEqual({
      target: 22.25,
      until: 1_000 + 45 * 60_000,
    });
  });

  it('runs 60 minutes without a duration, with 0 or "default"', () => {
    for (const minutes of [undefined, '', 0, '0', 'default']) {
      expect(temporaryTarget(room(), 21, minutes, 0).until).toBe(60 * 60_000);
    }
  });

  it("refuses a setpoint outside the room's own limits, and bad minutes, naming the input", () => {
    const narrow = room({ minTarget: 16, maxTarget: 24 });
    expect(refusal(() => temporaryTarget(narrow, '24.5', 60, 0))).toEqual([
      'target',
      'must be between 16 and 24 °C',
    ]);
    expect(refusal(() => temporaryTarget(narrow, 'warm', 60, 0))?.[0]).toBe('target');
    expect(refusal(() => temporaryTarget(narrow, 20, '1441', 0))).toEqual([
      'minutes',
      'must be from 1 to 1440 minutes',
    ]);
    // The setpoint is checked first, as the device API always answered.
    expect(refusal(() => temporaryTarget(narrow, '99', 'long', 0))?.[0]).toBe('target');
  });
});

describe('permanentChange (the soll rule)', () => {
  it("changes today's occurrence of the block in force", () => {
    // Wednesday 2026-11-25, 10:00: point 1 (06:00) is in force; Wednesday is day 2.
    expect(permanentChange(room(), '20.5', weekdays, wall('2026-11-25T10:00'))).toEqual({
      kind: 'occurrence',
      pointId: 1,
      day: 2,
      target: 20.5,
    });
    // Before Monday's first switch, last Friday's 22:00 block is in force: Friday's occurrence.
    expect(permanentChange(room(), 17, weekdays, wall('2026-11-30T03:00'))).toEqual({
      kind: 'occurrence',
      pointId: 2,
      day: 4,
      target: 17,
    });
  });

  it('changes the base target of a room without a programme', () => {
    expect(permanentChange(room(), '20.5', [], wall('2026-11-25T10:00'))).toEqual({
      kind: 'base',
      target: 20.5,
    });
  });

  it("refuses a setpoint outside the room's limits", () => {
    expect(refusal(() => permanentChange(room(), '31', weekdays, 0))?.[0]).toBe('target');
    expect(refusal(() => permanentChange(room(), undefined, [], 0))).toEqual([
      'target',
      'is required',
    ]);
  });
});

describe('modeChange', () => {
  it('switches off, remembering the regulated mode, and on restores it', () => {
    const cooling = room({ mode: 'Cooling', previousMode: 'Heating' });
    const off = modeChange(cooling, 'off');
    expect(off).toEqual({ mode: 'Off', previousMode: 'Cooling' });
    expect(modeChange(room(off), 'ON')).toEqual({ mode: 'Cooling', previousMode: 'Cooling' });
  });

  it('keeps the mode for on while regulating, and the remembered one for off after off', () => {
    expect(modeChange(room({ mode: 'Cooling' }), 'on')).toEqual({
      mode: 'Cooling',
      previousMode: 'Cooling',
    });
    const off = room({ mode: 'Off', previousMode: 'Cooling' });
    expect(modeChange(off, 'off')).toEqual({ mode: 'Off', previousMode: 'Cooling' });
  });

  it('sets heating or cooling (any case) and remembers it', () => {
    expect(modeChange(room({ mode: 'Off' }), ' cooling ')).toEqual({
      mode: 'Cooling',
      previousMode: 'Cooling',
    });
    expect(modeChange(room({ mode: 'Cooling' }), 'HEATING')).toEqual({
      mode: 'Heating',
      previousMode: 'Heating',
    });
  });

  it('refuses other words', () => {
    expect(refusal(() => modeChange(room(), 'warm'))).toEqual([
      'mode',
      'must be one of heating, cooling, off, on',
    ]);
  });
});
