-- A room's limits (issue 34): the targets users who do not manage the room may set, in 0.5 °C
-- steps within the hard limits 5–30 °C (min_target / max_target, which bind everyone). Both
-- NULL = no limits; the room commands keep both set or both NULL.
ALTER TABLE rooms ADD COLUMN limit_min REAL;
ALTER TABLE rooms ADD COLUMN limit_max REAL;
