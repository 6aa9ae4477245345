import { HOUR_MS, type HistorySample } from '../src/modules/history/rules.js';

/**
 * A room's plausible day for the history benches (bench:history, bench:export): warm by day,
 * cooler at night, the valve open while warming; every 17th room without a sensor, every 13th
 * without humidity, as the generated building has them.
 */
export function sampleAt(roomId: number, time: number): HistorySample {
  const phase = ((time / HOUR_MS + roomId) % 24) / 24;
  const target = phase > 0.25 && phase < 0.9 ? 21 : 18;
  const temperature = Math.round((target - 0.5 + Math.sin(phase * 2 * Math.PI) * 0.8) * 10) / 10;
  return {
    time,
    temperature: roomId % 17 === 0 ? null : temperature,
    target,
    humidity: roomId % 13 === 0 ? null : 40 + (roomId % 10),
    valve: temperature < target ? 100 : 0,
  };
}
