-- Many buildings in one database (issue 37). Each building is one house id, as the device API
-- addresses it (`/get/json/v1/{houseId}/…`), and its rooms and floors are numbered per building:
-- their keys become (house_id, id), and every table keyed by a room carries the house id too.
-- `buildings` lists them: name, the host label the web app is opened under, and where the
-- building's devices are (a Controme server's URL, a zigbee2mqtt base topic, or neither:
-- simulated). `data_version` counts the commits that changed the building's rooms, programmes,
-- absences or devices: answers' ETags come from it, so a 304 holds on every node.
--
-- The rows already here become the building of HOUSE_ID (the server hands it to the migration
-- as `migration_input.house_id`), named as the settings named it; a new database starts with
-- that building's row too (the server's own, seeded on its first start). SQLite cannot change a primary
-- key: each table is built anew and its rows copied (foreign keys are off while migrations run,
-- and checked after them, migrate.ts).
CREATE TABLE buildings (
  house_id       INTEGER PRIMARY KEY,
  name           TEXT NOT NULL,
  host_label     TEXT UNIQUE,
  upstream_url   TEXT,
  z2m_base_topic TEXT,
  data_version   INTEGER NOT NULL DEFAULT 0,
  created_at     INTEGER NOT NULL
);
INSERT INTO buildings (house_id, name, created_at)
  SELECT (SELECT house_id FROM migration_input),
         coalesce((SELECT value FROM settings WHERE key = 'building_name'), 'Raumregler'),
         CAST(unixepoch('subsec') * 1000 AS INTEGER);

CREATE TABLE floors_new (
  house_id INTEGER NOT NULL REFERENCES buildings(house_id) ON DELETE CASCADE,
  id       INTEGER NOT NULL,
  name     TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (house_id, id)
);
INSERT INTO floors_new SELECT (SELECT house_id FROM migration_input), id, name, position FROM floors;

CREATE TABLE rooms_new (
  house_id           INTEGER NOT NULL,
  id                 INTEGER NOT NULL,
  floor_id           INTEGER NOT NULL,
  name               TEXT NOT NULL,
  position           INTEGER NOT NULL,
  -- measured temperature; NULL when the room has no sensor
  temperature        REAL,
  humidity           REAL,
  -- target where the room has no schedule, and before its first switch point
  base_target        REAL NOT NULL,
  min_target         REAL NOT NULL DEFAULT 5,
  max_target         REAL NOT NULL DEFAULT 30,
  mode               TEXT NOT NULL DEFAULT 'Heating',
  temp_target        REAL,
  temp_until         INTEGER,
  sensor_reported_at INTEGER,
  valve_open         INTEGER NOT NULL DEFAULT 0,
  previous_mode      TEXT NOT NULL DEFAULT 'Heating',
  limit_min          REAL,
  limit_max          REAL,
  PRIMARY KEY (house_id, id),
  FOREIGN KEY (house_id, floor_id) REFERENCES floors(house_id, id) ON DELETE CASCADE
);
INSERT INTO rooms_new
  SELECT (SELECT house_id FROM migration_input), id, floor_id, name, position, temperature,
         humidity, base_target, min_target, max_target, mode, temp_target, temp_until,
         sensor_reported_at, valve_open, previous_mode, limit_min, limit_max
  FROM rooms;

CREATE TABLE schedule_points_new (
  id       INTEGER PRIMARY KEY,
  house_id INTEGER NOT NULL,
  room_id  INTEGER NOT NULL,
  days     INTEGER NOT NULL CHECK (days BETWEEN 1 AND 127),
  at       INTEGER NOT NULL CHECK (at BETWEEN 0 AND 1439),
  target   REAL NOT NULL,
  FOREIGN KEY (house_id, room_id) REFERENCES rooms(house_id, id) ON DELETE CASCADE
);
INSERT INTO schedule_points_new
  SELECT id, (SELECT house_id FROM migration_input), room_id, days, at, target FROM schedule_points;

CREATE TABLE sim_faults_new (
  house_id       INTEGER NOT NULL,
  room_id        INTEGER NOT NULL,
  window_open    INTEGER NOT NULL DEFAULT 0,
  sensor_off     INTEGER NOT NULL DEFAULT 0,
  writes_ignored INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (house_id, room_id),
  FOREIGN KEY (house_id, room_id) REFERENCES rooms(house_id, id) ON DELETE CASCADE
);
INSERT INTO sim_faults_new
  SELECT (SELECT house_id FROM migration_input), room_id, window_open, sensor_off, writes_ignored
  FROM sim_faults;

CREATE TABLE absences_new (
  id         INTEGER PRIMARY KEY,
  house_id   INTEGER NOT NULL REFERENCES buildings(house_id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  starts_at  INTEGER NOT NULL,
  ends_at    INTEGER NOT NULL CHECK (ends_at >= starts_at),
  target     REAL NOT NULL,
  -- user name, kept when the user is deleted
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
INSERT INTO absences_new
  SELECT id, (SELECT house_id FROM migration_input), name, starts_at, ends_at, target, created_by,
         created_at
  FROM absences;

CREATE TABLE absence_rooms_new (
  absence_id INTEGER NOT NULL REFERENCES absences(id) ON DELETE CASCADE,
  house_id   INTEGER NOT NULL,
  room_id    INTEGER NOT NULL,
  PRIMARY KEY (absence_id, room_id),
  FOREIGN KEY (house_id, room_id) REFERENCES rooms(house_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO absence_rooms_new
  SELECT absence_id, (SELECT house_id FROM migration_input), room_id FROM absence_rooms;

-- A zigbee2mqtt friendly name is unique within its building's base topic.
CREATE TABLE room_devices_new (
  house_id INTEGER NOT NULL,
  room_id  INTEGER NOT NULL,
  name     TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (house_id, room_id, name),
  UNIQUE (house_id, name),
  FOREIGN KEY (house_id, room_id) REFERENCES rooms(house_id, id) ON DELETE CASCADE
);
INSERT INTO room_devices_new
  SELECT (SELECT house_id FROM migration_input), room_id, name, position FROM room_devices;

CREATE TABLE history_recent_new (
  house_id    INTEGER NOT NULL,
  room_id     INTEGER NOT NULL,
  time        INTEGER NOT NULL,
  temperature INTEGER,
  target      INTEGER,
  humidity    INTEGER,
  valve       INTEGER,
  PRIMARY KEY (house_id, room_id, time)
) WITHOUT ROWID;
INSERT INTO history_recent_new
  SELECT (SELECT house_id FROM migration_input), room_id, time, temperature, target, humidity, valve
  FROM history_recent;

CREATE TABLE history_hours_new (
  house_id INTEGER NOT NULL,
  room_id  INTEGER NOT NULL,
  hour     INTEGER NOT NULL,
  samples  BLOB NOT NULL,
  PRIMARY KEY (house_id, room_id, hour)
) WITHOUT ROWID;
INSERT INTO history_hours_new
  SELECT (SELECT house_id FROM migration_input), room_id, hour, samples FROM history_hours;

CREATE TABLE history_quarters_new (
  house_id    INTEGER NOT NULL,
  room_id     INTEGER NOT NULL,
  time        INTEGER NOT NULL,
  temperature INTEGER,
  target      INTEGER,
  humidity    INTEGER,
  valve       INTEGER,
  PRIMARY KEY (house_id, room_id, time)
) WITHOUT ROWID;
INSERT INTO history_quarters_new
  SELECT (SELECT house_id FROM migration_input), room_id, time, temperature, target, humidity, valve
  FROM history_quarters;

CREATE TABLE alarms_new (
  id              INTEGER PRIMARY KEY,
  house_id        INTEGER NOT NULL REFERENCES buildings(house_id) ON DELETE CASCADE,
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
INSERT INTO alarms_new
  SELECT id, (SELECT house_id FROM migration_input), room_id, room_name, floor_name, kind, since,
         opened_at, value, target, state, acknowledged_by, acknowledged_at, note, cleared_at,
         floor_id, device, device_kind
  FROM alarms;

-- A room's change names its building; an account's event names the building it concerns, or
-- none (a password changed, a sign-in refused: the account is the same in every building).
CREATE TABLE audit_log_new (
  id               INTEGER PRIMARY KEY,
  at               INTEGER NOT NULL,
  -- who did it (as signed in, or the account name tried); NULL for the CLI
  username         TEXT COLLATE NOCASE,
  -- the account an account event concerns; NULL for room changes
  subject          TEXT COLLATE NOCASE,
  house_id         INTEGER,
  room_id          INTEGER,
  room_name        TEXT,
  floor_name       TEXT,
  action           TEXT NOT NULL,
  -- JSON objects; NULL where there is nothing to say
  before           TEXT,
  after            TEXT,
  duration_minutes INTEGER,
  source           TEXT NOT NULL
);
INSERT INTO audit_log_new
  SELECT id, at, username, subject,
         CASE WHEN room_id IS NULL THEN NULL ELSE (SELECT house_id FROM migration_input) END,
         room_id, room_name, floor_name, action, before, after, duration_minutes, source
  FROM audit_log;

DROP TABLE floors;
DROP TABLE rooms;
DROP TABLE schedule_points;
DROP TABLE sim_faults;
DROP TABLE absences;
DROP TABLE absence_rooms;
DROP TABLE room_devices;
DROP TABLE history_recent;
DROP TABLE history_hours;
DROP TABLE history_quarters;
DROP TABLE alarms;
DROP TABLE audit_log;
ALTER TABLE floors_new RENAME TO floors;
ALTER TABLE rooms_new RENAME TO rooms;
ALTER TABLE schedule_points_new RENAME TO schedule_points;
ALTER TABLE sim_faults_new RENAME TO sim_faults;
ALTER TABLE absences_new RENAME TO absences;
ALTER TABLE absence_rooms_new RENAME TO absence_rooms;
ALTER TABLE room_devices_new RENAME TO room_devices;
ALTER TABLE history_recent_new RENAME TO history_recent;
ALTER TABLE history_hours_new RENAME TO history_hours;
ALTER TABLE history_quarters_new RENAME TO history_quarters;
ALTER TABLE alarms_new RENAME TO alarms;
ALTER TABLE audit_log_new RENAME TO audit_log;

CREATE INDEX rooms_floor ON rooms(house_id, floor_id, position);
CREATE INDEX schedule_points_room ON schedule_points(house_id, room_id);
CREATE INDEX absences_end ON absences(house_id, ends_at);
CREATE INDEX absence_rooms_room ON absence_rooms(house_id, room_id);
CREATE UNIQUE INDEX alarms_one_open ON alarms(house_id, room_id, kind)
  WHERE state <> 'cleared' AND device IS NULL;
CREATE UNIQUE INDEX alarms_one_open_per_device ON alarms(house_id, device, kind)
  WHERE state <> 'cleared' AND device IS NOT NULL;
CREATE UNIQUE INDEX alarms_one_open_device ON alarms(house_id, kind)
  WHERE state <> 'cleared' AND room_id IS NULL;
CREATE INDEX alarms_opened ON alarms(opened_at);
CREATE INDEX alarms_since ON alarms(since);
CREATE INDEX alarms_floor ON alarms(house_id, floor_id);
CREATE INDEX audit_log_at ON audit_log(at);
CREATE INDEX audit_log_room ON audit_log(house_id, room_id, at);
CREATE INDEX audit_log_user ON audit_log (lower(username), at);
CREATE INDEX audit_log_subject ON audit_log (lower(subject), at) WHERE subject IS NOT NULL;

-- The history's backfill progress is kept per building.
UPDATE settings SET key = 'history.backfill.' || (SELECT house_id FROM migration_input)
  WHERE key = 'history.backfill';
