/**
 * The rules of the temperature history (issue 14), pure: what one sample of a room is, how
 * 15-minute means are made, which resolution a span is answered in, and what the simulation
 * would have measured in the past (the backfill). Storage is repository.ts; the timer and
 * the background work are sampler.ts.
 */
import type { Room } from '../building/index.js';
import type { LocalClock } from '../../platform/clock/local-time.js';
import { scheduleAt, type Occurrence } from '../building/index.js';
import {
  advanceRoom,
  outdoorTemperature,
  simulatedValve,
  type SimInput,
} from '../building/index.js';

/** One sample of one room. `time` is epoch ms; every value is null where it is not known. */
export interface HistorySample {
  time: number;
  /** °C as the device shows it (one decimal); null without a reading — never invented. */
  temperature: number | null;
  /** °C, the target in force. */
  target: number | null;
  /** Percent relative humidity. */
  humidity: number | null;
  /**
   * Valve opening in percent: the contract's `valvePercent` of the room's outputs (a relay reads
   * 0 or 100, an analog output as it is).
   */
  valve: number | null;
}

/** A sample of one room, for the recording of many rooms at once. */
export interface RoomSample extends HistorySample {
  roomId: number;
}

export const QUARTER_MS = 15 * 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** Step of the downsampled history, in seconds. */
export const QUARTER_SECONDS = 900;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/**
 * A room's sample at `time`: what `temps` shows of it, and its valve as `outs/` shows it, read
 * with the contract's rule (`simulatedValve`: 0 or 100).
 */
export function sampleOfRoom(room: Room, target: number, time: number): RoomSample {
  return {
    roomId: room.id,
    time,
    temperature: room.temperature === null ? null : oneDecimal(room.temperature),
    target,
    humidity: room.humidity === null ? null : Math.round(room.humidity),
    valve: simulatedValve(room.valveOpen),
  };
}

/** The slot a sample taken at `now` is recorded under: the start of its interval. */
export const slotOf = (now: number, intervalMs: number) => now - (now % intervalMs);

/**
 * 15-minute means of samples in time order: one per quarter hour holding at least one sample,
 * stamped with the quarter's start. A value is the mean of the samples that know it (null when
 * none does); the valve's mean is the share of the time it was open, in percent.
 */
export function quarterMeans(samples: readonly HistorySample[]): HistorySample[] {
  return meansBy(samples, (time) => time - (time % QUARTER_MS));
}

/**
 * Means of samples in time order per bucket, the rule of `quarterMeans` for any step: one mean
 * per bucket holding at least one sample, stamped with `bucketOf(time)`, the start (epoch ms) of
 * the bucket a sample's time lies in (the same for every time of one bucket, and not
 * decreasing). The hours and days of the building export are the means of a room's quarters
 * (`exportBuckets`).
 */
export function meansBy(
  samples: readonly HistorySample[],
  bucketOf: (time: number) => number,
): HistorySample[] {
  const result: HistorySample[] = [];
  const sums = [0, 0, 0, 0];
  const counts = [0, 0, 0, 0];
  const keys = ['temperature', 'target', 'humidity', 'valve'] as const;
  let start = 0;
  while (start < samples.length) {
    const bucket = bucketOf(samples[start]!.time);
    sums.fill(0);
    counts.fill(0);
    let end = start;
    for (; end < samples.length && bucketOf(samples[end]!.time) === bucket; end++) {
      const sample = samples[end]!;
      for (let k = 0; k < 4; k++) {
        const value = sample[keys[k]!];
        if (value === null) continue;
        sums[k]! += value;
        counts[k]!++;
      }
    }
    const mean = (k: number) => (counts[k] === 0 ? null : sums[k]! / counts[k]!);
    const temperature = mean(0);
    const target = mean(1);
    const humidity = mean(2);
    const valve = mean(3);
    result.push({
      time: bucket,
      temperature: temperature === null ? null : twoDecimals(temperature),
      target: target === null ? null : twoDecimals(target),
      humidity: humidity === null ? null : Math.round(humidity),
      valve: valve === null ? null : Math.round(valve),
    });
    start = end;
  }
  return result;
}

/** Steps by name: `?step=15m`, `1h`, `1d` (the building export; the room history takes them too). */
export const STEP_NAMES: Readonly<Record<string, number>> = {
  '15m': QUARTER_SECONDS,
  '1h': HOUR_MS / 1000,
  '1d': DAY_MS / 1000,
};

/**
 * A `step` query value: a name of STEP_NAMES or whole seconds, one of `allowed` (seconds);
 * undefined when absent or empty, null when it is no allowed step. The one parser of the room
 * history's and the building export's `step`.
 */
export function parseStep(value: unknown, allowed: readonly number[]): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return null;
  const seconds = Object.hasOwn(STEP_NAMES, value)
    ? STEP_NAMES[value]!
    : /^\d{1,6}$/.test(value)
      ? Number(value)
      : NaN;
  return allowed.includes(seconds) ? seconds : null;
}

/**
 * The resolution a span is answered in: raw samples while it lies inside the raw window, else
 * 15-minute means for the whole span (one resolution per answer, so a chart draws one line).
 */
export function resolutionFor(from: number, now: number, rawDays: number): 'raw' | 'quarters' {
  return from >= now - rawDays * DAY_MS ? 'raw' : 'quarters';
}

/** A small seeded generator (mulberry32): the backfill's humidity noise, the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * What the simulation would have measured in one room from `from` (inclusive) to `to`
 * (exclusive), one sample every `intervalMs`: the room follows its weekly programme (the target
 * switches when the programme does, the room warms while the target is above it), starting 1 °C
 * below the first target, with the outdoor curve of
 * the live simulation. Deterministic: the same room, programme and span give the same samples.
 * A room without a sensor has no temperature (and its valve stays shut), as it has live.
 */
export function backfillRoom(
  room: Room,
  schedule: readonly Occurrence[],
  clock: LocalClock,
  from: number,
  to: number,
  intervalMs: number,
): HistorySample[] {
  return createBackfill(room, schedule, clock, from, intervalMs).until(to);
}

/**
 * The backfill of one room in pieces: `until(t)` gives the samples from where the last call
 * stopped up to `t` (exclusive), the same as one call for the whole span would have given, so
 * the background can fill a big building in small pieces.
 */
export function createBackfill(
  room: Room,
  schedule: readonly Occurrence[],
  clock: LocalClock,
  from: number,
  intervalMs: number,
) {
  const random = seededRandom(room.id * 2_654_435_761);
  const seconds = intervalMs / 1000;
  // The programme is looked up again only when its next switch is due, not every sample.
  let programme = scheduleAt(schedule, room.baseTarget, clock.toWall(from));
  const state: SimInput = {
    temperature: room.temperature === null ? null : programme.target - 1,
    humidity: room.humidity === null ? null : 45,
    valveOpen: false,
    target: programme.target,
    mode: room.mode,
  };
  let time = from;
  return {
    until(to: number): HistorySample[] {
      const samples: HistorySample[] = [];
      for (; time < to; time += intervalMs) {
        const wall = clock.toWall(time);
        if (programme.next !== null && wall >= programme.next.dueWall) {
          programme = scheduleAt(schedule, room.baseTarget, wall);
        }
        const hour = (wall % DAY_MS) / HOUR_MS;
        advanceRoom(state, seconds, outdoorTemperature(hour), random);
        samples.push({
          time,
          temperature: state.temperature === null ? null : oneDecimal(state.temperature),
          target: programme.target,
          humidity: state.humidity === null ? null : Math.round(state.humidity),
          valve: simulatedValve(state.valveOpen),
        });
        // The room reacts to this sample's target from the next step on.
        state.target = programme.target;
      }
      return samples;
    },
  };
}
