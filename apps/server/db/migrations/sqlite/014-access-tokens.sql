-- Access tokens (issue 35, decision 0080): a user's key for a script, dashboard or Home Assistant
-- instead of their password. Only a keyed hash of the secret is stored (HMAC-SHA-256 in hex, the
-- key outside the database: TOKEN_SECRET or DATA_DIR/token-secret). `access` limits the owner's
-- rights: 'read' or 'write'. `expires` is the last day it works, 'YYYY-MM-DD' device-local;
-- NULL = never. A revoked token keeps its row (revoked_at, epoch ms) and is refused; the owner's
-- removal takes their tokens with it.
CREATE TABLE access_tokens (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  access       TEXT NOT NULL CHECK (access IN ('read', 'write')),
  expires      TEXT,
  token_hash   TEXT NOT NULL UNIQUE,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at   INTEGER
);
CREATE INDEX access_tokens_user ON access_tokens (user_id);
