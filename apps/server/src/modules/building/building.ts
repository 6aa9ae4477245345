/**
 * The building as the app's rules see it. The database's snake_case columns stay inside
 * db/repositories, which map every row to these shapes; the wire shapes (German field names) are
 * the contract's and are made from these in room-view.ts.
 */
export interface Floor {
  id: number;
  name: string;
  position: number;
}

/** A temporary target and the instant (epoch ms) it ends; stored, so it ends across restarts. */
export interface TemporaryTarget {
  target: number;
  until: number;
}

export interface Room {
  id: number;
  floorId: number;
  name: string;
  position: number;
  /** °C; null for a room without a sensor. */
  temperature: number | null;
  humidity: number | null;
  /** The permanent target of a room without a weekly programme. */
  baseTarget: number;
  minTarget: number;
  maxTarget: number;
  /** "Heating", "Cooling", "Off" (as written; the device compares case-insensitively). */
  mode: string;
  /** The regulated mode `on` returns to after `off`. */
  previousMode: string;
  /** The last temporary target set; it may have run out already (see isTemporaryActive). */
  temporary: TemporaryTarget | null;
  sensorReportedAt: number | null;
  valveOpen: boolean;
  /** The limits of users who do not manage the room (issue 34); null: none. */
  limits: { min: number; max: number } | null;
}
