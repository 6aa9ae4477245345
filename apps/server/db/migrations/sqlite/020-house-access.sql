-- Access per building (issue 37): accounts are global (name, password, e-mail, language), and
-- a user holds access in each building apart, with its own access levels, scope and validity.
-- A user without a row for a building has no access there: the building answers 404. The
-- access already given becomes that of HOUSE_ID's building (migration_input, as in 019).
CREATE TABLE house_access (
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  house_id     INTEGER NOT NULL REFERENCES buildings(house_id) ON DELETE CASCADE,
  access_smart TEXT NOT NULL DEFAULT 'no-access',
  access_pro   TEXT NOT NULL DEFAULT 'no-access',
  -- id lists ("1,2"; "" = none; both empty = the whole building)
  scope_floors TEXT NOT NULL DEFAULT '',
  scope_rooms  TEXT NOT NULL DEFAULT '',
  -- first and last day, YYYY-MM-DD device-local, both included; NULL = open
  valid_from   TEXT,
  valid_until  TEXT,
  PRIMARY KEY (user_id, house_id)
) WITHOUT ROWID;
CREATE INDEX house_access_house ON house_access(house_id);

INSERT INTO house_access (user_id, house_id, access_smart, access_pro, scope_floors, scope_rooms,
                          valid_from, valid_until)
  SELECT id, (SELECT house_id FROM migration_input), access_smart, access_pro, scope_floors,
         scope_rooms, valid_from, valid_until
  FROM users;

ALTER TABLE users DROP COLUMN access_smart;
ALTER TABLE users DROP COLUMN access_pro;
ALTER TABLE users DROP COLUMN scope_floors;
ALTER TABLE users DROP COLUMN scope_rooms;
ALTER TABLE users DROP COLUMN valid_from;
ALTER TABLE users DROP COLUMN valid_until;
