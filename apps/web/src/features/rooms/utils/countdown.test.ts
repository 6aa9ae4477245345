import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './countdown';

describe('formatCountdown', () => {
  it('shows hours, minutes and seconds with two digits each', () => {
    expect(formatCountdown(0)).toBe('00h 00m 00s');
    expect(formatCountdown(59)).toBe('00h 00m 59s');
    expect(formatCountdown(60)).toBe('00h 01m 00s');
    expect(formatCountdown(3600)).toBe('01h 00m 00s');
    expect(formatCountdown(12 * 3600 - 1)).toBe('11h 59m 59s');
    expect(formatCountdown(43_200)).toBe('12h 00m 00s');
  });

  it('keeps two digits for minutes and seconds and lets the hours grow past 99', () => {
    expect(formatCountdown(99 * 3600 + 59 * 60 + 59)).toBe('99h 59m 59s');
    expect(formatCountdown(100 * 3600)).toBe('100h 00m 00s');
    expect(formatCountdown(744 * 3600 + 5 * 60 + 10)).toBe('744h 05m 10s');
    // 31 days, the longest temporary target a group can get.
    expect(formatCountdown(31 * 24 * 3600)).toBe('744h 00m 00s');
  });

  it('never goes below zero and survives broken input', () => {
    expect(formatCountdown(-5)).toBe('00h 00m 00s');
    expect(formatCountdown(Number.NaN)).toBe('00h 00m 00s');
    expect(formatCountdown(61.9)).toBe('00h 01m 01s');
  });
});

describe('secondsLeft', () => {
  it('counts down from the moment the data arrived', () => {
    expect(secondsLeft(60, 1_000, 1_000)).toBe(60);
    expect(secondsLeft(60, 1_000, 11_000)).toBe(50);
    expect(secondsLeft(60, 1_000, 11_500)).toBe(50);
    expect(secondsLeft(60, 1_000, 90_000)).toBe(0);
  });
});
