-- Accounts can be ended (issue 31): a disabled user keeps its row (name, access, e-mail) but may
-- not sign in and gets no alarm mail; `user enable` clears it. Epoch milliseconds, NULL = enabled.
-- Deleting a user removes the row: its reset tokens go with it (ON DELETE CASCADE), the audit
-- log, absences and alarms keep the name as text.
ALTER TABLE users ADD COLUMN disabled_at INTEGER;
