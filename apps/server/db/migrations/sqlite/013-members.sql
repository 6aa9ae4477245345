-- The members API (issue 34). When a user last signed in (epoch ms; written at most once a minute
-- per user, at a full password check, not per polled request); NULL = never.
ALTER TABLE users ADD COLUMN last_sign_in_at INTEGER;
-- Invitation links share the reset tokens' table (hashed, single use) with a kind of their own:
-- 'reset' (60 minutes) or 'invitation' (7 days). A new invitation voids the older ones.
ALTER TABLE password_reset_tokens ADD COLUMN kind TEXT NOT NULL DEFAULT 'reset';
