#!/usr/bin/env bash
# The integration tiers alone (`npm run test:int`): int-pglite, int-postgres and int-services on
# a real redis-server and a throw-away PostgreSQL cluster, started and stopped here. Extra
# arguments go to vitest (e.g. a path filter).
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

require_node
ensure_node_modules
ensure_commands "redis-server:redis-server"
unset DATABASE_URL REDIS_URL NEO4J_URI LETTA_BASE_URL DCF_CLOCK
rm -rf .test-data/int && mkdir -p .test-data/int
trap 'stop_redis; stop_postgres' EXIT
trap 'exit 130' INT TERM
start_redis .test-data/int/redis
export TEST_REDIS_URL="$REDIS_URL"; unset REDIS_URL
start_postgres .test-data/int/postgres
npx vitest run --project int-pglite --project int-postgres --project int-services "$@"
