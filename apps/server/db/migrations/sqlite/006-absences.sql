-- Absences (issue 16): from starts_at until ends_at (epoch ms, exclusive) the rooms listed in
-- absence_rooms keep target instead of their weekly programme. Ending one early sets ends_at.
CREATE TABLE absences (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  starts_at  INTEGER NOT NULL,
  ends_at    INTEGER NOT NULL CHECK (ends_at >= starts_at),
  target     REAL NOT NULL,
  -- user name, kept when the user is deleted
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX absences_end ON absences(ends_at);

CREATE TABLE absence_rooms (
  absence_id INTEGER NOT NULL REFERENCES absences(id) ON DELETE CASCADE,
  room_id    INTEGER NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
  PRIMARY KEY (absence_id, room_id)
) WITHOUT ROWID;
CREATE INDEX absence_rooms_room ON absence_rooms(room_id);
