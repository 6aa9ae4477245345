-- Alarms at scale (issue 32): an alarm keeps its floor's id, so the list filters by floor also
-- in proxy mode (the device's floor ids) and after a room moves. Earlier alarms take their
-- room's floor as it is now; an alarm whose room is gone keeps NULL (no floor filter finds it).
ALTER TABLE alarms ADD COLUMN floor_id INTEGER;
UPDATE alarms SET floor_id = (SELECT floor_id FROM rooms WHERE rooms.id = alarms.room_id);
-- The list's period (`from`/`to` on the alarm's start) and floor filters.
CREATE INDEX alarms_since ON alarms(since);
CREATE INDEX alarms_floor ON alarms(floor_id);
