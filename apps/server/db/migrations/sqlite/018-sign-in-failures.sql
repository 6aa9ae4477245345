-- Failed sign-ins, counted in the database (issue 37), so that several server nodes share one
-- count and more nodes do not mean more guesses. `key` is a keyed hash (HMAC-SHA-256, base64url,
-- the key derived from the access tokens' key) of the limit and the client (an account and
-- address pair, or an address): no username or address is stored in clear. `window_start` is
-- when the current window began (epoch ms), `failures` how many failed in it. Rows of ended
-- windows are pruned, and the table is kept to a bound (platform/auth/failure-counts.ts).
CREATE TABLE sign_in_failures (
  key          TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  failures     INTEGER NOT NULL
);
CREATE INDEX sign_in_failures_window ON sign_in_failures (window_start);
