-- Issue 36: the zigbee2mqtt devices of a room, by their friendly names (which may hold commas
-- and slashes), in the order given. A device belongs to one room at most; a room removed takes
-- its devices' assignment with it.
CREATE TABLE room_devices (
  room_id  INTEGER NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
  name     TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL,
  PRIMARY KEY (room_id, name)
);
