import { valvePercent } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import {
  outdoorTemperature,
  simulatedOutputs,
  simulatedValve,
  simulateRoom,
  type SimInput,
} from './simulation.js';

const noNoise = () => 0.5;
const cold: SimInput = {
  temperature: 17,
  humidity: 45,
  valveOpen: false,
  target: 21,
  mode: 'Heating',
};

describe('simulateRoom', () => {
  it('opens the valve and warms a room below its target', () => {
    const after = simulateRoom(cold, 3600, 2, noNoise);
    expect(after.valveOpen).toBe(true);
    expect(after.temperature).toBeGreaterThan(18);
    expect(after.temperature).toBeLessThan(21);
  });

  it('shuts the valve once the target is passed, and holds the room near its target', () => {
    const after = simulateRoom(cold, 24 * 3600, 2, noNoise);
    expect(after.temperature).toBeGreaterThan(20.5);
    expect(after.temperature).toBeLessThan(21.5);
  });

  it('lets an unheated room drift toward the outdoor temperature, slowly', () => {
    const off = { ...cold, temperature: 21, mode: 'Off' };
    const after = simulateRoom(off, 3600, 0, noNoise);
    expect(after.valveOpen).toBe(false);
    expect(after.temperature).toBeLessThan(21);
    expect(after.temperature).toBeGreaterThan(20);
  });

  it('cools a room above target in cooling mode', () => {
    const warm = { ...cold, temperature: 26, target: 22, mode: 'Cooling' };
    const after = simulateRoom(warm, 3600, 30, noNoise);
    expect(after.valveOpen).toBe(true);
    expect(after.temperature).toBeLessThan(26);
  });

  it('keeps humidity in a plausible band whatever the random walk does', () => {
    let state = { ...cold };
    for (let i = 0; i < 500; i++) {
      state = { ...state, ...simulateRoom(state, 3600, 4, () => (i % 7 < 5 ? 0.99 : 0.2)) };
      expect(state.humidity).toBeGreaterThanOrEqual(30);
      expect(state.humidity).toBeLessThanOrEqual(65);
    }
  });

  it('leaves a room without sensor alone and changes nothing without time passing', () => {
    expect(simulateRoom({ ...cold, temperature: null, humidity: null }, 600, 4, noNoise)).toEqual({
      temperature: null,
      humidity: null,
      valveOpen: false,
    });
    expect(simulateRoom(cold, 0, 4, noNoise)).toEqual({
      temperature: 17,
      humidity: 45,
      valveOpen: false,
    });
  });
});

describe('outdoorTemperature', () => {
  it('is coldest before dawn and warmest in the afternoon', () => {
    expect(outdoorTemperature(3)).toBeCloseTo(0);
    expect(outdoorTemperature(15)).toBeCloseTo(8);
  });
});

describe('an open window', () => {
  it('makes a heated room at 20 °C fall at least 3 K within an hour, even on a mild afternoon', () => {
    for (const [outdoor, target] of [
      [0, 21],
      [8, 21],
      [8, 24],
    ] as const) {
      const room: SimInput = { ...cold, temperature: 20, target, windowOpen: true };
      const after = simulateRoom(room, 3600, outdoor, noNoise);
      expect(after.valveOpen).toBe(true);
      expect(after.temperature!).toBeLessThanOrEqual(17);
    }
  });

  it('closed again, the room heats back to its target', () => {
    const open = simulateRoom({ ...cold, temperature: 20, windowOpen: true }, 3600, 4, noNoise);
    const closed = simulateRoom({ ...cold, ...open, windowOpen: false }, 6 * 3600, 4, noNoise);
    expect(closed.temperature!).toBeGreaterThan(20.5);
  });
});

describe('simulated outputs', () => {
  it('show one relay per room, and its opening is the contract rule read of them', () => {
    expect(simulatedOutputs(true)).toEqual({ '1': 1 });
    expect(simulatedOutputs(false)).toEqual({ '1': 0 });
    expect(simulatedValve(true)).toBe(100);
    expect(simulatedValve(false)).toBe(0);
    for (const open of [true, false]) {
      expect(simulatedValve(open)).toBe(valvePercent(simulatedOutputs(open)));
    }
  });
});
