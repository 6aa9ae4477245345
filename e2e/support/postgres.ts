/**
 * PostgreSQL for the e2e tests (issue 37): the throw-away cluster the server's tests use, Debian's
 * `postgresql` on a free port (installed when missing, scripts/ensure-postgres.sh). A spec starts
 * a cluster, takes an empty database and starts the built server with `DATABASE_URL` on it.
 */
export { startPostgres, type PostgresCluster } from '../../apps/server/src/test-support/postgres';
