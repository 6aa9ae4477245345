/**
 * The history's tables (SQLite 004, PostgreSQL 001), for the query builder: times in epoch
 * SECONDS, temperatures and targets in whole 1/200 °C, humidity and valve in whole percent.
 * Private to repository.ts (decision 34).
 */
export interface HistorySampleRow {
  house_id: number;
  room_id: number;
  time: number;
  temperature: number | null;
  target: number | null;
  humidity: number | null;
  valve: number | null;
}

export interface HistoryHourRow {
  house_id: number;
  room_id: number;
  hour: number;
  /** 8 bytes per sample (repository.ts's codec); BLOB / BYTEA. */
  samples: Buffer;
}

declare module '../../platform/database/schema.js' {
  interface Schema {
    history_recent: HistorySampleRow;
    history_hours: HistoryHourRow;
    history_quarters: HistorySampleRow;
  }
}
