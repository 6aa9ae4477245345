-- The audit log: who changed what, when, from where. Names are copied at write time (an entry
-- outlives renames and deleted rooms and users), so there are no foreign keys.
CREATE TABLE audit_log (
  id               INTEGER PRIMARY KEY,
  at               INTEGER NOT NULL,
  -- who did it (as signed in, or the account name tried); NULL for the CLI
  username         TEXT COLLATE NOCASE,
  -- the account an account event concerns; NULL for room changes
  subject          TEXT COLLATE NOCASE,
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
-- Newest first, whole log or one room's; the user filter matches the actor or the subject.
CREATE INDEX audit_log_at ON audit_log(at);
CREATE INDEX audit_log_room ON audit_log(room_id, at);
CREATE INDEX audit_log_user ON audit_log(username, at);
CREATE INDEX audit_log_subject ON audit_log(subject, at) WHERE subject IS NOT NULL;
