import { describe, expect, it } from 'vitest';
import { aRoom } from '../../test-support/building.js';
import { berlin } from '../../test-support/test-server.js';
import type { Room } from '../building/index.js';
import {
  backfillRoom,
  createBackfill,
  quarterMeans,
  resolutionFor,
  DAY_MS,
  type HistorySample,
} from './rules.js';
import { createLocalClock } from '../../platform/clock/local-time.js';
import { unrollSchedule } from '../building/index.js';

const clock = createLocalClock('Europe/Berlin');
const room = (overrides: Partial<Room> = {}): Room =>
  aRoom({
    id: 5,
    name: 'Schlafzimmer',
    temperature: 18,
    humidity: 50,
    baseTarget: 20,
    ...overrides,
  });
// Every day: 21 °C from 06:00, 16 °C from 22:00.
const schedule = unrollSchedule([
  { id: 1, days: 127, at: 6 * 60, target: 21 },
  { id: 2, days: 127, at: 22 * 60, target: 16 },
]);
const from = berlin('2026-11-20T00:00');
const to = berlin('2026-11-23T00:00');
const at = (samples: HistorySample[], local: string) => {
  const time = berlin(local);
  return samples.find((sample) => sample.time === time)!;
};

describe('the backfill', () => {
  const samples = backfillRoom(room(), schedule, clock, from, to, 60_000);

  it('has one sample a minute over the whole span', () => {
    expect(samples).toHaveLength(3 * 24 * 60);
    expect(samples[0]!.time).toBe(from);
    expect(samples.at(-1)!.time).toBe(to - 60_000);
  });

  it('switches the target exactly when the programme does', () => {
    expect(at(samples, '2026-11-21T05:59').target).toBe(16);
    expect(at(samples, '2026-11-21T06:00').target).toBe(21);
    expect(at(samples, '2026-11-21T21:59').target).toBe(21);
    expect(at(samples, '2026-11-21T22:00').target).toBe(16);
  });

  it('keeps the room warmer while the target is higher, heating after the morning switch', () => {
    const mean = (list: HistorySample[]) =>
      list.reduce((sum, sample) => sum + sample.temperature!, 0) / list.length;
    const day = samples.filter((s) => s.time >= from + DAY_MS);
    expect(mean(day.filter((s) => s.target === 21))).toBeGreaterThan(
      mean(day.filter((s) => s.target === 16)) + 2,
    );
    // At the switch to 21 °C the valve opens and the room warms within the hour.
    expect(at(samples, '2026-11-21T06:01').valve).toBe(100);
    expect(at(samples, '2026-11-21T07:00').temperature!).toBeGreaterThan(
      at(samples, '2026-11-21T06:00').temperature! + 1,
    );
    // In the evening, after the switch down, the valve shuts and the room cools.
    expect(at(samples, '2026-11-21T23:00').valve).toBe(0);
    expect(at(samples, '2026-11-22T05:59').temperature!).toBeLessThan(
      at(samples, '2026-11-21T22:00').temperature!,
    );
  });

  it('is deterministic, and the same when made in pieces (a room-day at a time)', () => {
    expect(backfillRoom(room(), schedule, clock, from, to, 60_000)).toEqual(samples);
    const pieces = createBackfill(room(), schedule, clock, from, 60_000);
    const midway = berlin('2026-11-21T13:37');
    expect([...pieces.until(midway), ...pieces.until(to)]).toEqual(samples);
  });

  it('invents no temperature for a room without a sensor', () => {
    const noSensor = backfillRoom(
      room({ temperature: null, humidity: null }),
      schedule,
      clock,
      from,
      to,
      60_000,
    );
    expect(noSensor.every((s) => s.temperature === null && s.humidity === null)).toBe(true);
    expect(noSensor.every((s) => s.valve === 0)).toBe(true);
    expect(at(noSensor, '2026-11-21T06:00').target).toBe(21);
  });
});

describe('15-minute means', () => {
  it('average what is known, per quarter, with the valve as the share of time open', () => {
    const sample = (local: string, temperature: number | null, valve: number | null) => ({
      time: berlin(local),
      temperature,
      target: 20,
      humidity: null,
      valve,
    });
    expect(
      quarterMeans([
        sample('2026-11-23T08:00', 20, 100),
        sample('2026-11-23T08:01', null, 0),
        sample('2026-11-23T08:14', 21, 0),
        sample('2026-11-23T08:15', 19.5, 100),
      ]),
    ).toEqual([
      {
        time: berlin('2026-11-23T08:00'),
        temperature: 20.5,
        target: 20,
        humidity: null,
        valve: 33,
      },
      {
        time: berlin('2026-11-23T08:15'),
        temperature: 19.5,
        target: 20,
        humidity: null,
        valve: 100,
      },
    ]);
  });

  it('answer spans that reach beyond the raw window', () => {
    const now = berlin('2026-11-23T12:00');
    expect(resolutionFor(now - 14 * DAY_MS, now, 14)).toBe('raw');
    expect(resolutionFor(now - 14 * DAY_MS - 1, now, 14)).toBe('quarters');
  });
});
