import { HistoryAnswerSchema } from '@raumregler/contract/schemas';
import { describe, expect, it } from 'vitest';
import type { HistorySample } from './rules.js';
import { createLocalClock, toOffsetIso } from '../../platform/clock/local-time.js';
import { historyAnswerJson } from './answer-json.js';

const berlin = createLocalClock('Europe/Berlin');
const head = {
  room: 7,
  from: '2026-10-24T02:30:00+02:00',
  to: '2026-10-25T02:30:00+01:00',
  stepSeconds: 60,
};

/** The answer as the route's schema serializer wrote it before: the object, in schema order. */
const asObject = (samples: readonly HistorySample[]) =>
  JSON.stringify({
    room: head.room,
    from: head.from,
    to: head.to,
    step_seconds: head.stepSeconds,
    samples: samples.map((s) => ({
      time: toOffsetIso(berlin, s.time),
      temperature: s.temperature,
      target: s.target,
      humidity: s.humidity,
      valve: s.valve,
    })),
  });

const sampleAt = (i: number): HistorySample => ({
  time: Date.UTC(2026, 10, 24) + i * 60_000,
  temperature: 20.5,
  target: 21,
  humidity: 45,
  valve: 100,
});

describe('historyAnswerJson', () => {
  it('names the fields the contract schema names, in its order', () => {
    const answer = JSON.parse(historyAnswerJson(head, [sampleAt(0)], berlin).toString('utf8')) as {
      samples: object[];
    };
    expect(Object.keys(answer)).toEqual(Object.keys(HistoryAnswerSchema.properties));
    expect(Object.keys(answer.samples[0]!)).toEqual(
      Object.keys(HistoryAnswerSchema.properties.samples.items.properties),
    );
  });

  it('writes the same JSON as the answer object, nulls, decimals and the autumn night included', () => {
    // A day across the October clock change, every field null in turn, odd decimals.
    const start = Date.UTC(2026, 9, 24, 0, 30);
    const samples: HistorySample[] = Array.from({ length: 1500 }, (_, i) => ({
      time: start + i * 60_000,
      temperature: i % 7 === 0 ? null : Math.round((18 + Math.sin(i / 50) * 4) * 10) / 10,
      target: i % 11 === 0 ? null : [17.5, 21, 22.125][i % 3]!,
      humidity: i % 13 === 0 ? null : 40 + (i % 20),
      valve: i % 17 === 0 ? null : i % 2 === 0 ? 100 : 33.333333333333336,
    }));
    const written = historyAnswerJson(head, samples, berlin);
    expect(written.toString('utf8')).toBe(asObject(samples));
  });

  it('writes an answer without samples, and one too long for its first guess of the size', () => {
    expect(historyAnswerJson(head, [], berlin).toString('utf8')).toBe(asObject([]));
    const wide: HistorySample[] = Array.from({ length: 50 }, (_, i) => ({
      time: Date.UTC(2026, 10, 24) + i * 60_000,
      temperature: -Math.PI * 1e-7 * (i + 1),
      target: 1e21 + i,
      humidity: 0.1 + 0.2,
      valve: -0,
    }));
    expect(historyAnswerJson(head, wide, berlin).toString('utf8')).toBe(asObject(wide));
  });
});
