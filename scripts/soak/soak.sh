#!/usr/bin/env bash
# npm run soak — the scale-out soak test (issue 32): two consoles and two `dcf worker` processes on
# one PostgreSQL and Redis (a three-master cluster when available), behind nginx, under a scripted
# load of runs, chats, reviews, pages and schedules for SOAK_SECONDS (default 180); the first
# console is SIGKILLed half-way. Then the checks of scripts/soak/checks.ts print their figures;
# exit 0 only when all hold. Not part of npm test (it takes several minutes and both cores).
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/topology.sh"
cd "$ROOT"
require_node
ensure_node_modules
ensure_next_build
WORK="$(mktemp -d /tmp/dcf-soak-XXXXXX)"
trap 'stop_topology' EXIT
trap 'exit 130' INT TERM
start_topology "$WORK" 2 2
SOAK_KILL_PID="${CONSOLE_PIDS[0]}" node --import tsx scripts/soak/drive.ts || rc=$?
echo "logs: $WORK/logs"
exit "${rc:-0}"
