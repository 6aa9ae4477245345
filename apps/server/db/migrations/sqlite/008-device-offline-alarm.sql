-- Alarms of no room (issue 32): `device-offline`, proxy mode's device not answering. The kind's
-- CHECK and the room columns' NOT NULL live in the table's definition, which SQLite cannot
-- alter: both tables are built anew and their rows copied (alarm_mails too, since dropping the
-- table it references would cascade its rows away). A migration that adds columns to `alarms`
-- must come after this one.
CREATE TABLE alarms_new (
  id              INTEGER PRIMARY KEY,
  -- null for an alarm of no room (device-offline)
  room_id         INTEGER,
  room_name       TEXT,
  floor_name      TEXT,
  kind            TEXT NOT NULL
                  CHECK (kind IN ('too-cold', 'too-warm', 'sensor-silent', 'device-offline')),
  since           INTEGER NOT NULL,
  opened_at       INTEGER NOT NULL,
  value           REAL,
  target          REAL,
  state           TEXT NOT NULL DEFAULT 'active'
                  CHECK (state IN ('active', 'acknowledged', 'cleared')),
  acknowledged_by TEXT,
  acknowledged_at INTEGER,
  note            TEXT,
  cleared_at      INTEGER,
  CHECK ((room_id IS NULL) = (kind = 'device-offline'))
);
INSERT INTO alarms_new (id, room_id, room_name, floor_name, kind, since, opened_at, value, target,
  state, acknowledged_by, acknowledged_at, note, cleared_at)
SELECT id, room_id, room_name, floor_name, kind, since, opened_at, value, target, state,
  acknowledged_by, acknowledged_at, note, cleared_at FROM alarms;

CREATE TABLE alarm_mails_new (
  id              INTEGER PRIMARY KEY,
  alarm_id        INTEGER NOT NULL REFERENCES alarms_new(id) ON DELETE CASCADE,
  recipient       TEXT NOT NULL,
  language        TEXT NOT NULL,
  digest          INTEGER NOT NULL DEFAULT 0,
  due_at          INTEGER NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  sent_at         INTEGER,
  UNIQUE (alarm_id, recipient)
);
INSERT INTO alarm_mails_new SELECT id, alarm_id, recipient, language, digest, due_at, attempts,
  next_attempt_at, sent_at FROM alarm_mails;

DROP TABLE alarm_mails;
DROP TABLE alarms;
-- Renaming also points alarm_mails_new's REFERENCES at `alarms`.
ALTER TABLE alarms_new RENAME TO alarms;
ALTER TABLE alarm_mails_new RENAME TO alarm_mails;

-- One room and kind has at most one open alarm; the building at most one open device-offline.
CREATE UNIQUE INDEX alarms_one_open ON alarms(room_id, kind) WHERE state <> 'cleared';
CREATE UNIQUE INDEX alarms_one_open_device ON alarms(kind)
  WHERE state <> 'cleared' AND room_id IS NULL;
CREATE INDEX alarms_opened ON alarms(opened_at);
CREATE INDEX alarm_mails_unsent ON alarm_mails(next_attempt_at) WHERE sent_at IS NULL;
