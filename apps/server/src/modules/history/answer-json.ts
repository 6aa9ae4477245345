import type { HistorySample } from './rules.js';
import { toOffsetIso, type LocalClock } from '../../platform/clock/local-time.js';

/**
 * A history answer (`HistoryAnswerSchema`) written as JSON bytes straight into a Buffer. The
 * same text the schema's serializer gives (answer-json.test.ts holds them equal), but a
 * day of raw samples is ~140 KB and a month of means ~280 KB: as one string each answer landed
 * in V8's large-object space, which only a full collection frees, and under a stream of history
 * queries the server paused for one about every second (15–20 ms, the p99 of
 * `bench:history`). A Buffer's bytes live outside that heap and go with its young handle. The
 * text is ASCII (times and numbers), so each piece is written as latin1.
 */
export function historyAnswerJson(
  head: { room: number; from: string; to: string; stepSeconds: number },
  samples: readonly HistorySample[],
  clock: LocalClock,
): Buffer {
  let bytes = Buffer.allocUnsafe(256 + samples.length * 112);
  let length = 0;
  const put = (text: string) => {
    if (length + text.length > bytes.length) {
      const larger = Buffer.allocUnsafe(Math.max(bytes.length * 2, length + text.length));
      bytes.copy(larger, 0, 0, length);
      bytes = larger;
    }
    length += bytes.write(text, length, 'latin1');
  };
  put(
    `{"room":${head.room},"from":${JSON.stringify(head.from)},"to":${JSON.stringify(head.to)},` +
      `"step_seconds":${head.stepSeconds},"samples":[`,
  );
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index]!;
    put(
      `${index === 0 ? '' : ','}{"time":"${toOffsetIso(clock, sample.time)}",` +
        `"temperature":${number(sample.temperature)},"target":${number(sample.target)},` +
        `"humidity":${number(sample.humidity)},"valve":${number(sample.valve)}}`,
    );
  }
  put(']}');
  return bytes.subarray(0, length);
}

/** A nullable number as JSON writes it (a non-finite one, which JSON cannot hold, as null). */
const number = (value: number | null) =>
  value === null || !Number.isFinite(value) ? 'null' : String(value);
