-- Instants are epoch milliseconds (UTC); the wire format turns them into the device's local time.

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  first_name    TEXT NOT NULL DEFAULT '',
  last_name     TEXT NOT NULL DEFAULT '',
  access_smart  TEXT NOT NULL DEFAULT 'no-access',
  access_pro    TEXT NOT NULL DEFAULT 'no-access',
  created_at    INTEGER NOT NULL
);

CREATE TABLE floors (
  id       INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE rooms (
  id            INTEGER PRIMARY KEY,
  floor_id      INTEGER NOT NULL REFERENCES floors(id) ON DELETE CASCADE,
  name          TEXT NOT NULL,
  position      INTEGER NOT NULL,
  -- measured temperature; NULL when the room has no sensor
  temperature   REAL,
  humidity      REAL,
  -- target where the room has no schedule, and before its first switch point
  base_target   REAL NOT NULL,
  min_target    REAL NOT NULL DEFAULT 5,
  max_target    REAL NOT NULL DEFAULT 30,
  mode          TEXT NOT NULL DEFAULT 'Heating',
  temp_target   REAL,
  temp_until    INTEGER,
  sensor_reported_at INTEGER
);
CREATE INDEX rooms_floor ON rooms(floor_id, position);

-- Weekly programme: days is a bit mask (bit 0 = Monday … bit 6 = Sunday), at = minutes after midnight.
CREATE TABLE schedule_points (
  id      INTEGER PRIMARY KEY,
  room_id INTEGER NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
  days    INTEGER NOT NULL CHECK (days BETWEEN 1 AND 127),
  at      INTEGER NOT NULL CHECK (at BETWEEN 0 AND 1439),
  target  REAL NOT NULL
);
CREATE INDEX schedule_points_room ON schedule_points(room_id);

CREATE TABLE password_reset_tokens (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);
