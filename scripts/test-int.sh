#!/usr/bin/env bash
# The integration tiers alone (`npm run test:int`): int-pglite, int-postgres and int-services on
# a real redis-server and a throw-away PostgreSQL cluster, and int-cluster on a throw-away Redis
# Cluster, started and stopped here. Extra
# arguments go to vitest (e.g. a path filter). DCF_INT_DIR (default .test-data/int) holds the
# services' data, so two runs side by side (two checkouts' worth of work in one tree) each get their own.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

require_node
ensure_node_modules
ensure_audio_commands
ensure_commands "redis-server:redis-server"
unset DATABASE_URL REDIS_URL REDIS_CLUSTER_NODES NEO4J_URI LETTA_BASE_URL DCF_CLOCK
INT_DIR="${DCF_INT_DIR:-.test-data/int}"
rm -rf "$INT_DIR" && mkdir -p "$INT_DIR"
trap 'stop_redis; stop_redis_cluster; stop_postgres' EXIT
trap 'exit 130' INT TERM
start_redis "$INT_DIR/redis"
export TEST_REDIS_URL="$REDIS_URL"; unset REDIS_URL
start_postgres "$INT_DIR/postgres"
start_redis_cluster "$INT_DIR/redis-cluster"
export TEST_REDIS_CLUSTER_NODES="$REDIS_CLUSTER_NODES"; unset REDIS_CLUSTER_NODES
npx vitest run --project int-pglite --project int-pglite-isolated --project int-postgres --project int-postgres-isolated --project int-services --project int-cluster "$@"
