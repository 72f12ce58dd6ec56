#!/usr/bin/env bash
# Starts the console on embedded defaults with demo data: PGlite under .data/, a local
# redis-server (unless REDIS_URL or REDIS_CLUSTER_NODES is set), one demo user per role (printed below).
# Environment overrides: see the README's configuration table.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

require_node
ensure_node_modules
ensure_audio_commands

export DCF_DATA_DIR="${DCF_DATA_DIR:-.data}"
# The data directory is this user's alone (issue 29): the folder 0700, what is under it private
# too (redis-server runs under umask 077; the Node processes set it where they open the database).
mkdir -p "$DCF_DATA_DIR" && chmod 700 "$DCF_DATA_DIR" || die "cannot make $DCF_DATA_DIR private"
export DCF_DEMO_USERS="${DCF_DEMO_USERS:-true}"
# The demo dataset's "today": the Monday after Alex Wong's week (spec §2), for "last week".
export DCF_CLOCK="${DCF_CLOCK-2024-07-08T09:00:00Z}"
# On an empty QA store, setup.ts fills the demo history (real runs over the dataset's calls up to
# DCF_CLOCK) before the console starts: it owns the PGlite data directory until the console does.
export DCF_DEMO_HISTORY="${DCF_DEMO_HISTORY:-true}"
export PORT="${PORT:-3000}"
export NEXT_TELEMETRY_DISABLED=1

trap 'stop_next; stop_redis' EXIT
trap 'exit 130' INT TERM # runs the EXIT trap
if [ -z "${REDIS_URL:-}" ] && [ -z "${REDIS_CLUSTER_NODES:-}" ]; then
  start_redis "$DCF_DATA_DIR/redis"
fi

ensure_next_build
node --import tsx scripts/setup.ts || die "database setup failed"

# Demo users have published passwords: a console that seeds them listens on this machine only.
read -r -a BIND <<< "$(console_bind_args)"
if [ ${#BIND[@]} -gt 0 ]; then
  echo "note: demo users are seeded (DCF_DEMO_USERS=$DCF_DEMO_USERS), so the console listens on 127.0.0.1 only;"
  echo "      to serve other machines, set DCF_DEMO_USERS=false and create an admin (DCF_ADMIN_EMAIL, DCF_ADMIN_PASSWORD)."
fi
echo "DCF Console: http://localhost:$PORT  (Ctrl-C to stop)"
start_next -p "$PORT" ${BIND[@]+"${BIND[@]}"}
wait "$NEXT_PID"
