-- Valve state of the simulation (shown by outs/), and the mode a room returns to when switched on.
ALTER TABLE rooms ADD COLUMN valve_open INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rooms ADD COLUMN previous_mode TEXT NOT NULL DEFAULT 'Heating';
