import { describe, expect, it } from 'vitest';
import type { HistorySample } from '../types';
import { chartColumns, hasValves, summarize } from './summary';

const sample = (
  minute: number,
  temperature: number | null,
  target: number | null = 21,
): HistorySample => ({
  time: `2026-11-23T08:${String(minute).padStart(2, '0')}:00+01:00`,
  temperature,
  target,
  humidity: null,
  valve: null,
});

describe('summarize', () => {
  it('gives lowest, mean and highest over the readings, skipping samples without one', () => {
    const summary = summarize(
      [sample(0, 19), sample(1, null), sample(2, 21), sample(3, 23), sample(4, null)],
      60,
    );
    expect(summary).toMatchObject({ min: 19, max: 23, mean: 21, measuredSeconds: 180 });
  });

  it('counts the time more than 0.5 K below target, one step per sample', () => {
    // 20.4 is 0.6 below 21 (counts), 20.6 only 0.4 (a normal swing), 18 below 21, 17 at a 17 target.
    const summary = summarize(
      [sample(0, 20.4), sample(1, 20.6), sample(2, 18), sample(3, 17, 17), sample(4, 16, null)],
      900,
    );
    expect(summary.belowSeconds).toBe(2 * 900);
    expect(summary.measuredSeconds).toBe(5 * 900);
  });

  it('has no figures, rather than zeros, when no sample has a reading (no sensor)', () => {
    expect(summarize([sample(0, null), sample(1, null)], 60)).toEqual({
      min: null,
      mean: null,
      max: null,
      measuredSeconds: 0,
      belowSeconds: 0,
      valveMean: null,
    });
  });
});

describe('chartColumns', () => {
  it('turns wire times with their offset into epoch seconds and keeps gaps as null', () => {
    const [times, temperatures, targets] = chartColumns([sample(0, 20.5), sample(1, null, null)]);
    expect(times).toEqual([
      Date.UTC(2026, 10, 23, 7, 0) / 1000,
      Date.UTC(2026, 10, 23, 7, 1) / 1000,
    ]);
    expect(temperatures).toEqual([20.5, null]);
    expect(targets).toEqual([21, null]);
  });
});

describe('the valve (issue 32)', () => {
  const withValve = (minute: number, valve: number | null): HistorySample => ({
    ...sample(minute, 20),
    valve,
  });

  it('is the fourth chart column, gaps as null, and known only where a sample has one', () => {
    const columns = chartColumns([withValve(0, 100), withValve(1, null), withValve(2, 45)]);
    expect(columns[3]).toEqual([100, null, 45]);
    expect(hasValves(columns)).toBe(true);
    expect(hasValves(chartColumns([withValve(0, null)]))).toBe(false);
  });

  it('has its mean in the summary over the samples that know it, also without readings', () => {
    expect(summarize([withValve(0, 100), withValve(1, 0), withValve(2, null)], 60).valveMean).toBe(
      50,
    );
    expect(summarize([{ ...withValve(0, 40), temperature: null }], 60).valveMean).toBe(40);
    expect(summarize([withValve(0, null)], 60).valveMean).toBeNull();
  });
});
