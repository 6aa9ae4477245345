-- Temperature history (issue 14). The layout is private to modules/history/repository.ts; see
-- decision 34. Times are epoch SECONDS here, temperatures and targets
-- whole 1/200 °C (exact for the 0.125 °C setpoint grid and for two decimals), humidity and
-- valve whole percent. No foreign keys: a sample outlives nothing, and the check costs every insert.

-- Samples not yet packed: one row per room and tick, the ticks of the current hour (and of any
-- hour the background packing has not reached yet).
CREATE TABLE history_recent (
  room_id     INTEGER NOT NULL,
  time        INTEGER NOT NULL,
  temperature INTEGER,
  target      INTEGER,
  humidity    INTEGER,
  valve       INTEGER,
  PRIMARY KEY (room_id, time)
) WITHOUT ROWID;

-- Raw samples of one room and one whole UTC hour, packed: 8 bytes per sample (see the codec in
-- history.ts). Kept HISTORY_RAW_DAYS.
CREATE TABLE history_hours (
  room_id INTEGER NOT NULL,
  hour    INTEGER NOT NULL,
  samples BLOB NOT NULL,
  PRIMARY KEY (room_id, hour)
) WITHOUT ROWID;

-- 15-minute means, written when an hour is packed (or by the backfill). Kept HISTORY_DAYS.
CREATE TABLE history_quarters (
  room_id     INTEGER NOT NULL,
  time        INTEGER NOT NULL,
  temperature INTEGER,
  target      INTEGER,
  humidity    INTEGER,
  valve       INTEGER,
  PRIMARY KEY (room_id, time)
) WITHOUT ROWID;
