/**
 * Ours, not the device's: the temperature history (`GET /api/history/{roomId}/`, issue 14).
 * Times are the device's local time with its UTC offset ('2026-11-23T08:00:00+01:00').
 */
import Type, { type Static } from 'typebox';
import { Nullable } from './device.js';

/** One sample, or one 15-minute mean; null where the value is not known (no sensor). */
export const HistorySampleSchema = Type.Object({
  time: Type.String(),
  /** °C; null without a reading. */
  temperature: Nullable(Type.Number()),
  /** °C, the target in force. */
  target: Nullable(Type.Number()),
  /** Percent relative humidity. */
  humidity: Nullable(Type.Number()),
  /** Valve opening in percent (a 0/1 output reads 0 or 100; a mean is the share of time open). */
  valve: Nullable(Type.Number()),
});

export const HistoryAnswerSchema = Type.Object({
  room: Type.Integer(),
  from: Type.String(),
  to: Type.String(),
  /** 60 (HISTORY_INTERVAL_SECONDS) for raw samples, 900 for 15-minute means. */
  step_seconds: Type.Integer(),
  samples: Type.Array(HistorySampleSchema),
});

/** `GET /api/history/status`: whether the simulation's backfill is still running. */
export const HistoryStatusSchema = Type.Object({
  backfill: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('none')]),
});

export type HistorySample = Static<typeof HistorySampleSchema>;
export type HistoryAnswer = Static<typeof HistoryAnswerSchema>;
export type HistoryStatus = Static<typeof HistoryStatusSchema>;
