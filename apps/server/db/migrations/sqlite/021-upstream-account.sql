-- A building in front of a Controme server (issue 37, `building add --upstream-url`) keeps the
-- device account our server uses there, sealed with AES-256-GCM under a key derived from the
-- token key (platform/auth/sealed.ts): the table never holds the password in clear. NULL: no
-- device, or the server's own building, whose account is UPSTREAM_USER / UPSTREAM_PASSWORD.
ALTER TABLE buildings ADD COLUMN upstream_account TEXT;
