#!/usr/bin/env bash
# The MQTT tests (issue 36) run Debian's mosquitto as a real broker (no downloads are possible
# here). Installs it when missing, as root; the tests start their own broker, never the system's.
set -euo pipefail
MOSQUITTO="${MOSQUITTO_PATH:-/usr/sbin/mosquitto}"
if [ -x "$MOSQUITTO" ] && command -v mosquitto_passwd >/dev/null 2>&1; then exit 0; fi
# Test files start in parallel: one install at a time (apt and dpkg take one client), and a
# script that waited finds the package there.
exec 9>"${TMPDIR:-/tmp}/raumregler-apt.lock"
flock 9
if [ -x "$MOSQUITTO" ] && command -v mosquitto_passwd >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's mosquitto for the MQTT tests …"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends mosquitto >/dev/null
  # The package enables a system broker on 1883; the tests need none of it.
  (command -v systemctl >/dev/null 2>&1 && systemctl disable --now mosquitto >/dev/null 2>&1) || true
  [ -x "$MOSQUITTO" ] && exit 0
fi
echo "mosquitto is missing at $MOSQUITTO. Install it with: sudo apt-get install mosquitto" >&2
echo "(or point MOSQUITTO_PATH at a mosquitto binary)." >&2
exit 1
