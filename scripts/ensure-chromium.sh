#!/usr/bin/env bash
# The browser tests use Debian's Chromium (no browser downloads are possible here).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
# Test files start in parallel: one install at a time (apt and dpkg take one client), and a
# script that waited finds the package there.
exec 9>"${TMPDIR:-/tmp}/raumregler-apt.lock"
flock 9
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests …"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Chromium is missing at $CHROMIUM. Install it with: sudo apt-get install chromium" >&2
echo "(or point CHROMIUM_PATH at a Chromium binary)." >&2
exit 1
