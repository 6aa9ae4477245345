import { describe, expect, it } from 'vitest';
import {
  angleToValue,
  arcPath,
  clamp,
  pointAt,
  pointerToValue,
  snap,
  toDialValue,
  valueForKey,
  valueToAngle,
} from './dial-math';

describe('clamp and step', () => {
  it('keeps the target inside 14–26 °C, a low target reads as 14', () => {
    expect(clamp(5)).toBe(14);
    expect(clamp(30)).toBe(26);
    expect(clamp(21.5)).toBe(21.5);
    expect(clamp(Number.NaN)).toBe(14);
  });

  it('snaps to half degrees', () => {
    expect(snap(21.24)).toBe(21);
    expect(snap(21.25)).toBe(21.5);
    expect(snap(21.74)).toBe(21.5);
    expect(toDialValue(21.125)).toBe(21);
    expect(toDialValue(12.3)).toBe(14);
  });
});

describe('value and angle', () => {
  it('maps the range onto the arc from 40° to 320°', () => {
    expect(valueToAngle(14)).toBe(40);
    expect(valueToAngle(20)).toBe(180);
    expect(valueToAngle(26)).toBe(320);
    expect(valueToAngle(10)).toBe(40);
  });

  it('maps angles back to stepped values', () => {
    expect(angleToValue(40)).toBe(14);
    expect(angleToValue(180)).toBe(20);
    expect(angleToValue(320)).toBe(26);
    expect(angleToValue(valueToAngle(21.5))).toBe(21.5);
    expect(angleToValue(10)).toBe(14);
  });

  it('puts 20 °C at the top and the ends at the lower left and right', () => {
    const top = pointAt(180, 100, 0, 0);
    expect(top.x).toBeCloseTo(0);
    expect(top.y).toBeCloseTo(-100);
    const low = pointAt(40, 100, 0, 0);
    expect(low.x).toBeLessThan(0);
    expect(low.y).toBeGreaterThan(0);
    const high = pointAt(320, 100, 0, 0);
    expect(high.x).toBeGreaterThan(0);
    expect(high.y).toBeGreaterThan(0);
  });

  it('draws the arc clockwise, with the large-arc flag past 180°', () => {
    expect(arcPath(40, 320, 100, 0, 0)).toContain(' 0 1 1 ');
    expect(arcPath(40, 100, 100, 0, 0)).toContain(' 0 0 1 ');
  });
});

describe('pointer to value', () => {
  it('reads the value under the pointer, relative to the centre', () => {
    expect(pointerToValue(0, -50)).toBe(20);
    expect(pointerToValue(-50, 0)).toBe(16);
    expect(pointerToValue(50, 0)).toBe(24);
  });

  it('sticks to the nearer end in the gap at the bottom', () => {
    expect(pointerToValue(-5, 50)).toBe(14);
    expect(pointerToValue(5, 50)).toBe(26);
  });
});

describe('keys', () => {
  it('moves half a degree with arrows, one with PageUp/PageDown, to the ends with Home/End', () => {
    expect(valueForKey(21, 'ArrowUp')).toBe(21.5);
    expect(valueForKey(21, 'ArrowRight')).toBe(21.5);
    expect(valueForKey(21, 'ArrowDown')).toBe(20.5);
    expect(valueForKey(21, 'ArrowLeft')).toBe(20.5);
    expect(valueForKey(21, 'PageUp')).toBe(22);
    expect(valueForKey(21, 'PageDown')).toBe(20);
    expect(valueForKey(21, 'Home')).toBe(14);
    expect(valueForKey(21, 'End')).toBe(26);
  });

  it('stops at the ends and ignores other keys', () => {
    expect(valueForKey(26, 'ArrowUp')).toBe(26);
    expect(valueForKey(14, 'PageDown')).toBe(14);
    expect(valueForKey(21, 'Enter')).toBeNull();
  });
});

describe('range (issue 34)', () => {
  const limits = { min: 16, max: 23 };
  it('is the limits for a bound user, the spec 14–26 for everyone else', async () => {
    const { dialRange } = await import('./dial-math');
    expect(dialRange(limits, true)).toEqual(limits);
    expect(dialRange(limits, false)).toEqual({ min: 14, max: 26 });
    expect(dialRange(null, true)).toEqual({ min: 14, max: 26 });
  });

  it('maps the limits onto the whole arc and keeps keys inside them', () => {
    expect(valueToAngle(16, limits)).toBe(40);
    expect(valueToAngle(23, limits)).toBe(320);
    expect(valueToAngle(30, limits)).toBe(320);
    expect(angleToValue(320, limits)).toBe(23);
    expect(valueForKey(23, 'ArrowUp', limits)).toBe(23);
    expect(valueForKey(8, 'ArrowUp', limits)).toBe(16);
    expect(valueForKey(21, 'End', limits)).toBe(23);
    expect(pointerToValue(5, 50, limits)).toBe(23);
  });
});
