#!/usr/bin/env bash
# The PostgreSQL tests (issue 37) start a throw-away cluster of Debian's `postgresql` (initdb and
# postgres from /usr/lib/postgresql/<version>/bin). Installs it when missing, as root; the tests
# start their own cluster in a temporary folder, never the system's (which the package's
# service would start: it is stopped and disabled here).
set -euo pipefail
have_postgres() {
  if [ -n "${POSTGRES_BIN:-}" ]; then [ -x "$POSTGRES_BIN/initdb" ] && [ -x "$POSTGRES_BIN/postgres" ]; return; fi
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null
}
if have_postgres; then exit 0; fi
# Test files start in parallel: one install at a time (apt and dpkg take one client), and a
# script that waited finds the package there.
exec 9>"${TMPDIR:-/tmp}/raumregler-apt.lock"
flock 9
if have_postgres; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's postgresql for the PostgreSQL tests …"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  # The package may start a system cluster on 5432; the tests need none of it (they use free ports).
  (command -v systemctl >/dev/null 2>&1 && systemctl disable --now postgresql >/dev/null 2>&1) || true
  have_postgres && exit 0
fi
echo "PostgreSQL is missing (no /usr/lib/postgresql/*/bin/initdb). Install it with:" >&2
echo "  sudo apt-get install --no-install-recommends postgresql" >&2
echo "(or point POSTGRES_BIN at a folder holding initdb and postgres)." >&2
exit 1
