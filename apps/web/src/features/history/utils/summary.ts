import type { HistorySample } from '../types';

/**
 * How far below its target a room must be to count as "below target": the sensor's noise and a
 * controller's normal swing around the target (a few tenths) are not a cold room.
 */
export const BELOW_TARGET_MARGIN_K = 0.5;

export interface HistorySummary {
  min: number | null;
  mean: number | null;
  max: number | null;
  /** Seconds covered by samples with a temperature. */
  measuredSeconds: number;
  /** Seconds the room was more than the margin below its target. */
  belowSeconds: number;
  /** Mean valve opening in percent over the samples that know it (issue 32); null: none does. */
  valveMean: number | null;
}

/**
 * The chart's text alternative: lowest, mean and highest temperature over the samples that have
 * one (samples without a reading are gaps, never zeros), and how long the room stayed below its
 * target. Each sample stands for `stepSeconds` (the server's raw or 15-minute step).
 */
export function summarize(samples: readonly HistorySample[], stepSeconds: number): HistorySummary {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  let below = 0;
  let valveSum = 0;
  let valveCount = 0;
  for (const { valve } of samples) {
    if (typeof valve !== 'number' || !Number.isFinite(valve)) continue;
    valveSum += valve;
    valveCount += 1;
  }
  const valveMean = valveCount === 0 ? null : valveSum / valveCount;
  for (const { temperature, target } of samples) {
    if (typeof temperature !== 'number' || !Number.isFinite(temperature)) continue;
    count += 1;
    sum += temperature;
    if (temperature < min) min = temperature;
    if (temperature > max) max = temperature;
    if (typeof target === 'number' && temperature < target - BELOW_TARGET_MARGIN_K) below += 1;
  }
  const step = Number.isFinite(stepSeconds) && stepSeconds > 0 ? stepSeconds : 0;
  if (count === 0) {
    return { min: null, mean: null, max: null, measuredSeconds: 0, belowSeconds: 0, valveMean };
  }
  return {
    min,
    mean: sum / count,
    max,
    measuredSeconds: count * step,
    belowSeconds: below * step,
    valveMean,
  };
}

/** The chart's columns: seconds since the epoch, temperatures, targets, valves (null = a gap). */
export type ChartColumns = [number[], (number | null)[], (number | null)[], (number | null)[]];

/** Whether any sample knows its valve (a device without outputs, or before issue 32: none). */
export const hasValves = (columns: ChartColumns) => columns[3].some((valve) => valve !== null);

export function chartColumns(samples: readonly HistorySample[]) {
  const times: number[] = [];
  const temperatures: (number | null)[] = [];
  const targets: (number | null)[] = [];
  const valves: (number | null)[] = [];
  for (const sample of samples) {
    const time = Date.parse(sample.time);
    if (!Number.isFinite(time)) continue;
    times.push(time / 1000);
    temperatures.push(typeof sample.temperature === 'number' ? sample.temperature : null);
    targets.push(typeof sample.target === 'number' ? sample.target : null);
    valves.push(typeof sample.valve === 'number' ? sample.valve : null);
  }
  return [times, temperatures, targets, valves] as ChartColumns;
}
