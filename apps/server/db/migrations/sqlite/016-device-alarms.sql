-- Device alarms (issue 36): `device-offline`, `device-unconfirmed` and `battery-low` of one
-- zigbee2mqtt device of a room. An alarm gains `device` (the friendly name; NULL for a room's
-- alarm and for proxy mode's whole-device `device-offline`) and `device_kind` (thermostat,
-- sensor, other: how the app names it). The kind's CHECK lives in the table's definition, which
-- SQLite cannot alter: both tables are built anew and their rows copied, as in 008. Existing
-- rows keep their values, with NULL devices.
CREATE TABLE alarms_new (
  id              INTEGER PRIMARY KEY,
  -- null only for proxy mode's device-offline (no room, no device)
  room_id         INTEGER,
  room_name       TEXT,
  floor_name      TEXT,
  kind            TEXT NOT NULL
                  CHECK (kind IN ('too-cold', 'too-warm', 'sensor-silent', 'device-offline',
                                  'device-unconfirmed', 'battery-low')),
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
  floor_id        INTEGER,
  device          TEXT,
  device_kind     TEXT CHECK (device_kind IN ('thermostat', 'sensor', 'other')),
  CHECK ((room_id IS NULL) = (kind = 'device-offline' AND device IS NULL)),
  -- A device alarm names its device; a room's alarm names none.
  CHECK ((device IS NOT NULL) = (kind IN ('device-unconfirmed', 'battery-low')
                                 OR (kind = 'device-offline' AND room_id IS NOT NULL))),
  CHECK ((device IS NULL) = (device_kind IS NULL))
);
INSERT INTO alarms_new (id, room_id, room_name, floor_name, kind, since, opened_at, value, target,
  state, acknowledged_by, acknowledged_at, note, cleared_at, floor_id)
SELECT id, room_id, room_name, floor_name, kind, since, opened_at, value, target, state,
  acknowledged_by, acknowledged_at, note, cleared_at, floor_id FROM alarms;

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

-- At most one open alarm per room and kind (room alarms), per device and kind (device alarms),
-- and one open whole-device device-offline (proxy mode).
CREATE UNIQUE INDEX alarms_one_open ON alarms(room_id, kind)
  WHERE state <> 'cleared' AND device IS NULL;
CREATE UNIQUE INDEX alarms_one_open_per_device ON alarms(device, kind)
  WHERE state <> 'cleared' AND device IS NOT NULL;
CREATE UNIQUE INDEX alarms_one_open_device ON alarms(kind)
  WHERE state <> 'cleared' AND room_id IS NULL;
CREATE INDEX alarms_opened ON alarms(opened_at);
CREATE INDEX alarms_since ON alarms(since);
CREATE INDEX alarms_floor ON alarms(floor_id);
CREATE INDEX alarm_mails_unsent ON alarm_mails(next_attempt_at) WHERE sent_at IS NULL;
