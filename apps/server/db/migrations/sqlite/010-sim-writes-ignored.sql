-- A fault of the simulated building (issue 33, CLI `sim writes <roomIds> ignored|taken`): the
-- device answers a write to the room as taken but changes nothing, as a device that silently
-- drops a value does. Read on every write to the room.
ALTER TABLE sim_faults ADD COLUMN writes_ignored INTEGER NOT NULL DEFAULT 0;
