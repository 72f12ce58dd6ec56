#!/usr/bin/env bash
# npm run bench:dashboard: the dashboard benchmark (bench/dashboard.bench.ts) on PGlite and on a
# throw-away PostgreSQL server started here (unless BENCH_POSTGRES_URL names one), stopped at exit.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$ROOT"
if [ -z "${BENCH_POSTGRES_URL:-}" ]; then
  trap stop_postgres EXIT
  start_postgres "$(mktemp -d /tmp/dcf-bench-pg-XXXXXX)"
  export BENCH_POSTGRES_URL="$TEST_POSTGRES_URL"
fi
node --import tsx bench/dashboard.bench.ts "$@"
