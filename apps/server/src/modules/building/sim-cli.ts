import type { Database } from 'better-sqlite3';
import { createSimFaultsRepository } from './sim-faults-repository.js';

/** A refused `sim` command: `usage` for a mistake of the caller (exit 2), else exit 1. */
export class SimCommandError extends Error {
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message);
  }
}

const STATES = {
  window: { open: true, closed: false },
  sensor: { off: true, on: false },
} as const;

/**
 * `sim window <roomId> open|closed` and `sim sensor <roomId> off|on`: a fault of a simulated room,
 * written to the database (sim_faults) that the running server's simulation reads on every tick
 * (every 5 s), so it acts within one tick without a restart. Answers the line to print.
 */
export function runSimCommand(
  db: Database,
  what: string,
  roomIdText: string | undefined,
  stateText: string | undefined,
  proxy: boolean,
): string {
  if (what !== 'window' && what !== 'sensor')
    throw new SimCommandError(`unknown sim command "${what}"`, true);
  const states = STATES[what];
  const words = Object.keys(states).join('|');
  if (!roomIdText || !/^\d{1,9}$/.test(roomIdText)) {
    throw new SimCommandError(`<roomId> must be a room's number, got "${roomIdText ?? ''}"`, true);
  }
  if (!stateText || !(stateText in states)) {
    throw new SimCommandError(`the state must be ${words}, got "${stateText ?? ''}"`, true);
  }
  if (proxy) {
    throw new SimCommandError(
      'the building is not simulated in proxy mode (UPSTREAM_URL is set): open a real window instead',
    );
  }
  const roomId = Number(roomIdText);
  const room = db
    .prepare<[number], { name: string; temperature: number | null }>(
      'SELECT name, temperature FROM rooms WHERE id = ?',
    )
    .get(roomId);
  if (!room) throw new SimCommandError(`there is no room ${roomId}`);
  if (what === 'sensor' && room.temperature === null) {
    throw new SimCommandError(`room ${roomId} (${room.name}) has no sensor`);
  }
  const on = states[stateText as keyof typeof states] as boolean;
  createSimFaultsRepository(db).set(roomId, what === 'window' ? 'window_open' : 'sensor_off', on);
  return what === 'window'
    ? `Window of room ${roomId} (${room.name}) ${on ? 'opened' : 'closed'}; the server simulates it within 5 s.`
    : `Sensor of room ${roomId} (${room.name}) switched ${on ? 'off' : 'on'}; the server simulates it within 5 s.`;
}
