-- Alarms (issue 15). Instants are epoch milliseconds (UTC).

-- The language of a user's alarm mails: 'de' or 'en' (CLI: user language <name> de|en).
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'de';

-- Room and floor names are kept with the alarm: in proxy mode the rooms live on the device.
CREATE TABLE alarms (
  id              INTEGER PRIMARY KEY,
  room_id         INTEGER NOT NULL,
  room_name       TEXT NOT NULL,
  floor_name      TEXT NOT NULL,
  kind            TEXT NOT NULL CHECK (kind IN ('too-cold', 'too-warm', 'sensor-silent')),
  -- when the condition began; opened_at: when the alarm was raised
  since           INTEGER NOT NULL,
  opened_at       INTEGER NOT NULL,
  value           REAL,
  target          REAL,
  state           TEXT NOT NULL DEFAULT 'active'
                  CHECK (state IN ('active', 'acknowledged', 'cleared')),
  acknowledged_by TEXT,
  acknowledged_at INTEGER,
  note            TEXT,
  cleared_at      INTEGER
);
-- One room and kind has at most one open alarm.
CREATE UNIQUE INDEX alarms_one_open ON alarms(room_id, kind) WHERE state <> 'cleared';
CREATE INDEX alarms_opened ON alarms(opened_at);

-- One mail per alarm and recipient, recorded when the alarm opens and marked when it is sent, so
-- a restart neither loses nor repeats one. digest = 1: it waits for the storm's digest at due_at.
CREATE TABLE alarm_mails (
  id              INTEGER PRIMARY KEY,
  alarm_id        INTEGER NOT NULL REFERENCES alarms(id) ON DELETE CASCADE,
  recipient       TEXT NOT NULL,
  language        TEXT NOT NULL,
  digest          INTEGER NOT NULL DEFAULT 0,
  due_at          INTEGER NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  sent_at         INTEGER,
  UNIQUE (alarm_id, recipient)
);
CREATE INDEX alarm_mails_unsent ON alarm_mails(next_attempt_at) WHERE sent_at IS NULL;

-- Faults of the simulated building, set by the CLI (sim window / sim sensor) and read by the
-- simulation on every tick, also from another process.
CREATE TABLE sim_faults (
  room_id     INTEGER PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
  window_open INTEGER NOT NULL DEFAULT 0,
  sensor_off  INTEGER NOT NULL DEFAULT 0
);
