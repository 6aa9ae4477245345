import { valvePercent } from '@raumregler/contract';

/**
 * The thermal model that keeps the demo building alive. Pure: the same state, elapsed time and
 * random numbers give the same result, so it is tested without timers.
 */
export interface SimState {
  /** null: the room has no sensor and nothing to simulate but its (shut) valve. */
  temperature: number | null;
  humidity: number | null;
  valveOpen: boolean;
}

export interface SimInput extends SimState {
  /** The target in force (temporary or scheduled). */
  target: number;
  /** "Heating", "Cooling" or anything else (inactive). */
  mode: string;
  /** An open window (CLI `sim window`): the room loses heat to the outdoor air fast. */
  windowOpen?: boolean;
}

const HOUR = 3600;
// A radiator drives the room toward a few degrees above target; without heat the room drifts
// slowly toward the outdoor air. Time constants in seconds.
const HEAT_SURPLUS = 3;
const HEAT_TAU = 1.5 * HOUR;
const LOSS_TAU = 30 * HOUR;
// The valve opens below target − band and shuts above target + band, so it does not flutter.
const BAND = 0.2;
const HUMIDITY_MEAN = 45;
const HUMIDITY_MIN = 30;
const HUMIDITY_MAX = 65;
const HUMIDITY_TAU = 6 * HOUR;
const MAX_STEP = 300;
const MAX_STEPS = 7 * 24 * 12;
// An open window exchanges the room's air with the outdoor air on this time constant, on top of
// the radiator: a room at 20 °C with the heating on falls 3–8 K within an hour.
const WINDOW_TAU = 1 * HOUR;

/** Outdoor temperature over a day: 0 °C at 03:00, 8 °C at 15:00 local time. */
export function outdoorTemperature(hourOfDay: number): number {
  return 4 + 4 * Math.cos((2 * Math.PI * (hourOfDay - 15)) / 24);
}

// Plain arguments, not a copy of the room: this runs for every step of every room, and the
// backfill makes tens of millions of them. `mode` is lower case.
function valveAfter(mode: string, target: number, valveOpen: boolean, temperature: number) {
  if (mode === 'heating') {
    if (temperature < target - BAND) return true;
    if (temperature > target + BAND) return false;
    return valveOpen;
  }
  if (mode === 'cooling') {
    if (temperature > target + BAND) return true;
    if (temperature < target - BAND) return false;
    return valveOpen;
  }
  return false;
}

const approach = (value: number, goal: number, seconds: number, tau: number) =>
  goal + (value - goal) * Math.exp(-seconds / tau);

/** Two exchanges at once (radiator or walls, and the open window): one exact approach. */
function withWindow(value: number, goal: number, tau: number, outdoor: number, seconds: number) {
  const rate = 1 / tau + 1 / WINDOW_TAU;
  return approach(value, (goal / tau + outdoor / WINDOW_TAU) / rate, seconds, 1 / rate);
}

/**
 * Advances one room by `seconds` of simulated time, in steps of at most five minutes (each an
 * exact exponential approach, so large steps stay stable). `random` returns values in [0, 1).
 */
export function simulateRoom(
  room: SimInput,
  seconds: number,
  outdoor: number,
  random: () => number,
): SimState {
  const next = { ...room };
  advanceRoom(next, seconds, outdoor, random);
  return { temperature: next.temperature, humidity: next.humidity, valveOpen: next.valveOpen };
}

/**
 * `simulateRoom` in place: moves the room's temperature, humidity and valve on and allocates
 * nothing, for the backfill's loop over a building's past days (decision 47).
 */
export function advanceRoom(
  room: SimInput,
  seconds: number,
  outdoor: number,
  random: () => number,
): void {
  if (seconds <= 0) return;
  const steps = Math.min(MAX_STEPS, Math.ceil(seconds / MAX_STEP));
  const dt = seconds / steps;
  const mode = room.mode.toLowerCase();
  const surplus = mode === 'heating' ? HEAT_SURPLUS : -HEAT_SURPLUS;
  let { temperature, humidity, valveOpen } = room;
  for (let i = 0; i < steps; i++) {
    if (temperature !== null) {
      valveOpen = valveAfter(mode, room.target, valveOpen, temperature);
      const goal = valveOpen ? room.target + surplus : outdoor;
      const tau = valveOpen ? HEAT_TAU : LOSS_TAU;
      temperature = room.windowOpen
        ? withWindow(temperature, goal, tau, outdoor, dt)
        : approach(temperature, goal, dt, tau);
    } else {
      valveOpen = false;
    }
    if (humidity !== null) {
      const noise = (random() - 0.5) * 2 * Math.sqrt(dt / HOUR);
      humidity = approach(humidity, HUMIDITY_MEAN, dt, HUMIDITY_TAU) + noise;
      humidity = Math.min(HUMIDITY_MAX, Math.max(HUMIDITY_MIN, humidity));
    }
  }
  room.temperature = temperature;
  room.humidity = humidity;
  room.valveOpen = valveOpen;
}

/*
 * The simulated rooms' outputs as `outs/` shows them: one relay per room on output 1, open
 * while the room heats (or cools) toward its target. The history records the opening that the
 * contract's rule (`valvePercent`, the one every client applies to `outs/`) reads from these
 * outputs, worked out once here: the backfill asks for it millions of times.
 */
const OPEN_OUTPUTS: Readonly<Record<string, 0 | 1>> = Object.freeze({ '1': 1 });
const SHUT_OUTPUTS: Readonly<Record<string, 0 | 1>> = Object.freeze({ '1': 0 });
const OPEN_VALVE = valvePercent(OPEN_OUTPUTS);
const SHUT_VALVE = valvePercent(SHUT_OUTPUTS);

/** A simulated room's `ausgang` in `outs/`. */
export const simulatedOutputs = (valveOpen: boolean): Record<string, 0 | 1> => ({
  ...(valveOpen ? OPEN_OUTPUTS : SHUT_OUTPUTS),
});

/** A simulated room's valve opening in percent: `valvePercent` of its outputs (100 or 0). */
export const simulatedValve = (valveOpen: boolean): number | null =>
  valveOpen ? OPEN_VALVE : SHUT_VALVE;
