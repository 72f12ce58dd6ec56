#!/usr/bin/env bash
# The whole test suite: type-check, boundaries, lint and format, unit tests, integration tests on PGlite AND PostgreSQL with a
# real redis-server, and Playwright in Debian's Chromium against `next start`. Starts (and stops)
# the services it needs; installs missing system packages with apt-get when run as root.
# Ends with one line `N passed, N failed` summing every suite; exits non-zero on any failure.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

require_node
ensure_node_modules
ensure_commands "redis-server:redis-server" "/usr/bin/chromium:chromium"
export NEXT_TELEMETRY_DISABLED=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Tests configure their own services; a developer's settings must not leak in.
unset DATABASE_URL REDIS_URL REDIS_CLUSTER_NODES NEO4J_URI LETTA_BASE_URL LETTA_API_KEY LETTA_MCP_TOKEN SESSION_SECRET OPENAI_BASE_URL OPENAI_API_KEY OPENAI_MODEL DCF_EMBEDDING_URL DCF_EMBEDDING_MODEL DCF_EMBEDDING_API_KEY DCF_CLOCK

# Playwright empties its own output folder (test-results/) when it starts, so the other reports live here.
RESULTS="$ROOT/.test-data/results"
rm -rf .test-data
mkdir -p "$RESULTS"

# Cleanup first, so a service that started is stopped even when the next one fails to start.
trap 'stop_redis; stop_redis_cluster; stop_postgres' EXIT
trap 'exit 130' INT TERM # runs the EXIT trap
start_redis .test-data/redis
export TEST_REDIS_URL="$REDIS_URL"; unset REDIS_URL
start_postgres .test-data/postgres
# The int-cluster tier (vitest.config.ts ON_REDIS_CLUSTER): the control plane on a three-master Redis Cluster.
start_redis_cluster .test-data/redis-cluster
export TEST_REDIS_CLUSTER_NODES="$REDIS_CLUSTER_NODES"; unset REDIS_CLUSTER_NODES

# Each step's wall time (seconds), printed at the end: CI time is everyone's time.
DURATIONS=()
timed() { local name="$1" started=$SECONDS; shift; "$@"; local code=$?; DURATIONS+=("time:$name:$((SECONDS - started))"); return $code; }
DURATIONS+=("time:services:$SECONDS")

# The static checks are single-threaded: two lanes side by side on two cores (type-check, layer rules
# and format in one, ESLint with types in the other). Each check's output is printed when both lanes end.
check() {
  local name="$1" started=$SECONDS; shift
  "$@" > "$RESULTS/$name.log" 2>&1
  echo "$? $((SECONDS - started))" > "$RESULTS/$name.status"
}
echo; echo "== checks: type-check (tsc), boundaries (dependency-cruiser), lint (ESLint with types), format (Prettier)"
CHECKS_STARTED=$SECONDS
{ check typecheck npx tsc --noEmit; check boundaries npm run -s check:boundaries; check format npm run -s format:check; } &
LANE_A=$!
check lint npm run -s lint &
LANE_B=$!
wait "$LANE_A" "$LANE_B" # by pid: a bare `wait` would also wait for the redis-server started above
DURATIONS+=("time:checks:$((SECONDS - CHECKS_STARTED))")
declare -A CODE
for name in typecheck boundaries lint format; do
  echo "-- $name"; cat "$RESULTS/$name.log"
  read -r code secs < "$RESULTS/$name.status" || { code=1; secs=0; }
  CODE[$name]=$code; DURATIONS+=("time:$name:$secs:checks")
done
TSC=${CODE[typecheck]} BOUNDARIES=${CODE[boundaries]} LINT=${CODE[lint]} FORMAT=${CODE[format]}

echo; echo "== vitest: unit, int-pglite, int-postgres, int-services, int-cluster"
# The tests spawn `dcf` a few hundred times: build its cached bundle (cli/bundle-cache.mjs) once, not in the first dozen at once.
node cli/dcf.mjs --help > /dev/null || echo "dcf --help failed (the tests below will say why)"
timed vitest npx vitest run --reporter=default --reporter=json --outputFile.json="$RESULTS/vitest.json"

echo; echo "== playwright (Chromium)"
timed next-build ensure_next_build
rm -f test-results/e2e.json
timed playwright npx playwright test  # reporters (list + json → test-results/e2e.json) are set in playwright.config.ts

node scripts/sum-results.mjs "${DURATIONS[@]}" "step:typecheck:$TSC" "step:boundaries:$BOUNDARIES" "step:lint:$LINT" "step:format:$FORMAT" \
  "vitest:$RESULTS/vitest.json" "playwright:test-results/e2e.json"
