-- Who may see and change which room (issue 34). A user's scope: floor and room ids, comma
-- separated, the union of both; both empty = the whole building (every user before this).
-- Validity: first and last day, 'YYYY-MM-DD' in the device's time zone, both included; NULL =
-- open. Outside it the user may sign in but has no rooms.
ALTER TABLE users ADD COLUMN scope_floors TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN scope_rooms TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN valid_from TEXT;
ALTER TABLE users ADD COLUMN valid_until TEXT;
