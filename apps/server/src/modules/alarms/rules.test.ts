import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALARM_SETTINGS,
  evaluateRoom,
  mailPlan,
  markOpened,
  newRoomWatch,
  type AlarmEvent,
  type RoomReading,
  type RoomWatch,
} from './rules.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 23, 6, 0);

/** A fake clock and one room: `at(minutes, reading)` evaluates at T0 + minutes. */
function room(scale = 1, settings = DEFAULT_ALARM_SETTINGS) {
  const watch: RoomWatch = newRoomWatch();
  let nextId = 1;
  const opened: AlarmEvent[] = [];
  const cleared: AlarmEvent[] = [];
  const at = (minutes: number, reading: Partial<RoomReading>) => {
    const now = T0 + minutes * MINUTE;
    const events = evaluateRoom(
      watch,
      {
        roomId: 7,
        mode: 'Heating',
        temperature: 21,
        target: 21,
        reportedAt: now,
        ...reading,
      },
      now,
      scale,
      settings,
    );
    for (const event of events) {
      if (event.type === 'open') {
        markOpened(watch, event.kind, nextId++);
        opened.push(event);
      } else cleared.push(event);
    }
    return events;
  };
  /** Readings every `step` minutes from `from` to `to`, temperature as a function of the minute. */
  const run = (
    from: number,
    to: number,
    temperature: (minute: number) => number,
    extra: Partial<RoomReading> = {},
    step = 1,
  ) => {
    for (let m = from; m <= to; m += step) at(m, { temperature: temperature(m), ...extra });
  };
  return { watch, at, run, opened, cleared };
}

describe('too-cold', () => {
  it('opens once a heating room has stayed below target − 2 K for 60 minutes without warming', () => {
    const r = room();
    r.run(0, 59, () => 18.5);
    expect(r.opened).toEqual([]);
    r.run(60, 60, () => 18.5);
    expect(r.opened).toEqual([
      { type: 'open', roomId: 7, kind: 'too-cold', since: T0, value: 18.5, target: 21 },
    ]);
  });

  it('does not open at exactly target − 2 K, nor while the room is above it part of the hour', () => {
    const r = room();
    r.run(0, 180, (m) => (m % 50 === 0 ? 19.1 : 19));
    expect(r.opened).toEqual([]);
  });

  it('gives grace to a room warming up (0.5 K or more an hour), and opens when it stalls', () => {
    const r = room();
    // From 12 °C at 0.6 K an hour: below 19 °C for hours, but getting warmer.
    r.run(0, 300, (m) => 12 + (0.6 * m) / 60);
    expect(r.opened).toEqual([]);
    // It stalls at 15 °C: once the last hour's gain falls under 0.5 K (from 14.5 °C at 250).
    r.run(301, 310, () => 15);
    expect(r.opened).toEqual([]);
    r.run(311, 315, () => 15);
    expect(r.opened.map((e) => e.kind)).toEqual(['too-cold']);
    expect(r.opened[0]).toMatchObject({ since: T0 });
  });

  it('raises nothing for a room that is off, cooling, or has no sensor', () => {
    for (const extra of [{ mode: 'Off' }, { mode: 'off' }, { mode: 'Cooling' }]) {
      const r = room();
      r.run(0, 240, () => 10, extra);
      expect(r.opened).toEqual([]);
    }
    const r = room();
    for (let m = 0; m <= 240; m++) r.at(m, { temperature: null, reportedAt: null });
    expect(r.opened).toEqual([]);
  });

  it('counts in simulated time: at SIM_SPEED 60 one real minute is the hour', () => {
    const r = room(60);
    r.run(0, 0.99, () => 15, {}, 1 / 60);
    expect(r.opened).toEqual([]);
    r.at(1, { temperature: 15 });
    expect(r.opened.map((e) => e.kind)).toEqual(['too-cold']);
  });

  it('follows the settings', () => {
    const r = room(1, { ...DEFAULT_ALARM_SETTINGS, coldKelvin: 4, coldMinutes: 15 });
    r.run(0, 100, () => 17.5);
    expect(r.opened).toEqual([]);
    r.run(101, 116, () => 16.5);
    expect(r.opened.map((e) => e.kind)).toEqual(['too-cold']);
  });
});

describe('too-warm', () => {
  it('is the mirror for a cooling room above target + 2 K, with grace while it cools', () => {
    const r = room();
    r.run(0, 120, (m) => 30 - m / 60, { mode: 'Cooling', target: 24 });
    expect(r.opened).toEqual([]);
    r.run(121, 200, () => 28, { mode: 'Cooling', target: 24 });
    expect(r.opened.map((e) => e.kind)).toEqual(['too-warm']);
    // A heating room above its target is not too warm.
    const heating = room();
    heating.run(0, 200, () => 28, { target: 24 });
    expect(heating.opened).toEqual([]);
  });
});

describe('sensor-silent', () => {
  it('opens when a sensor has not reported for 30 minutes, since its last reading', () => {
    const r = room();
    r.run(0, 10, () => 21);
    const last = T0 + 10 * MINUTE;
    r.run(11, 39, () => 21, { reportedAt: last });
    expect(r.opened).toEqual([]);
    r.at(40, { reportedAt: last });
    expect(r.opened).toEqual([
      { type: 'open', roomId: 7, kind: 'sensor-silent', since: last, value: 21, target: 21 },
    ]);
  });

  it('raises nothing for a room without sensor, a room that is off, or an unknown last reading', () => {
    for (const extra of [
      { temperature: null, reportedAt: T0 },
      { mode: 'Off', reportedAt: T0 },
      { reportedAt: null },
    ]) {
      const r = room();
      r.run(0, 120, () => 21, extra);
      expect(r.opened).toEqual([]);
    }
  });

  it('keeps a stale too-cold alarm open and raises no new one from the frozen value', () => {
    const r = room();
    r.run(0, 61, () => 15);
    expect(r.opened.map((e) => e.kind)).toEqual(['too-cold']);
    const last = T0 + 61 * MINUTE;
    r.run(62, 200, () => 15, { reportedAt: last, target: 30 });
    expect(r.opened.map((e) => e.kind)).toEqual(['too-cold', 'sensor-silent']);
    expect(r.cleared).toEqual([]);
  });
});

describe('clearing and one alarm per room and kind', () => {
  it('stays one alarm however long the condition lasts, clears 10 minutes after it ends', () => {
    const r = room();
    r.run(0, 600, () => 15);
    expect(r.opened).toHaveLength(1);
    r.run(601, 610, () => 20);
    expect(r.cleared).toEqual([]);
    r.run(611, 611, () => 20);
    expect(r.cleared).toEqual([{ type: 'clear', roomId: 7, kind: 'too-cold', alarmId: 1 }]);
  });

  it('does not clear while the condition comes back within the clear delay', () => {
    const r = room();
    r.run(0, 60, () => 15);
    r.run(61, 300, (m) => (m % 9 === 0 ? 15 : 20));
    expect(r.cleared).toEqual([]);
    expect(r.opened).toHaveLength(1);
  });

  it('clears when the room is switched off, and a later condition opens a new alarm', () => {
    const r = room();
    r.run(0, 60, () => 15);
    r.run(61, 71, () => 15, { mode: 'Off' });
    expect(r.cleared.map((e) => e.type)).toEqual(['clear']);
    r.run(72, 131, () => 15);
    expect(r.opened).toHaveLength(1);
    r.run(132, 132, () => 15);
    expect(r.opened).toHaveLength(2);
  });

  it('clears a sensor-silent alarm 10 minutes after readings resume', () => {
    const r = room();
    r.run(0, 30, () => 21, { reportedAt: T0 });
    expect(r.opened.map((e) => e.kind)).toEqual(['sensor-silent']);
    r.run(31, 40, () => 21);
    expect(r.cleared).toEqual([]);
    r.run(41, 41, () => 21);
    expect(r.cleared.map((e) => e.kind)).toEqual(['sensor-silent']);
  });

  it('after a restart, an alarm loaded as open is not raised again', () => {
    const r = room();
    markOpened(r.watch, 'too-cold', 99);
    r.run(0, 200, () => 15);
    expect(r.opened).toEqual([]);
  });
});

describe('mail storms', () => {
  it('mails the first 5 alarms of any 10 minutes at once, later ones in a digest at the window end', () => {
    const window = 10 * MINUTE;
    const opened: number[] = [];
    const plans = [0, 1, 2, 3, 4, 5, 6].map((minute) => {
      const at = T0 + minute * MINUTE;
      const plan = mailPlan(at, opened, window);
      opened.push(at);
      return plan;
    });
    expect(plans.slice(0, 5).every((plan) => !plan.digest && plan.dueAt >= T0)).toBe(true);
    expect(plans.slice(5)).toEqual([
      { digest: true, dueAt: T0 + window },
      { digest: true, dueAt: T0 + window },
    ]);
    // Ten minutes after the last alarm: the next alarm goes out singly again.
    expect(mailPlan(T0 + 16 * MINUTE + 1, opened, window).digest).toBe(false);
  });
});
