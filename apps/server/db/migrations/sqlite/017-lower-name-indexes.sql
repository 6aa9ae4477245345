-- Case-insensitive names on both engines (issue 37): usernames, e-mails and the audit log's
-- username and subject are compared as `lower(column) = <the name folded in the app>`, which
-- PostgreSQL can index too (postgres 001-initial.sql has the same indexes). SQLite's lower()
-- folds A–Z only, as COLLATE NOCASE does, so the unique indexes refuse exactly what the NOCASE
-- constraints refuse; those stay (a table constraint cannot be dropped in SQLite). The audit
-- log's indexes on the NOCASE columns are replaced by the same on lower().
CREATE UNIQUE INDEX users_username_nocase ON users (lower(username));
CREATE UNIQUE INDEX users_email_nocase ON users (lower(email));

DROP INDEX audit_log_user;
DROP INDEX audit_log_subject;
CREATE INDEX audit_log_user ON audit_log (lower(username), at);
CREATE INDEX audit_log_subject ON audit_log (lower(subject), at) WHERE subject IS NOT NULL;
