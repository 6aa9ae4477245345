#!/usr/bin/env bash
# The metrics test (e2e/tests/metrics-prometheus.spec.ts) scrapes our server with a real
# Prometheus and checks its output with promtool: Debian's `prometheus` package brings both.
set -euo pipefail
PROMETHEUS="${PROMETHEUS_PATH:-/usr/bin/prometheus}"
PROMTOOL="${PROMTOOL_PATH:-/usr/bin/promtool}"
if [ -x "$PROMETHEUS" ] && [ -x "$PROMTOOL" ]; then exit 0; fi
# Test files start in parallel: one install at a time (apt and dpkg take one client), and a
# script that waited finds the package there.
exec 9>"${TMPDIR:-/tmp}/raumregler-apt.lock"
flock 9
if [ -x "$PROMETHEUS" ] && [ -x "$PROMTOOL" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's prometheus (with promtool) for the metrics test …"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # Only the binaries: no exporters, and the service is not started (no init system needed).
  apt-get install -y -qq --no-install-recommends prometheus >/dev/null
  [ -x "$PROMETHEUS" ] && [ -x "$PROMTOOL" ] && exit 0
fi
echo "Prometheus is missing at $PROMETHEUS (or promtool at $PROMTOOL)." >&2
echo "Install it with: sudo apt-get install --no-install-recommends prometheus" >&2
echo "(or point PROMETHEUS_PATH and PROMTOOL_PATH at the binaries)." >&2
exit 1
