#!/usr/bin/env bash
# What a change touches (`npm run test:changed [since]`): the test files that import, directly or
# through other modules, a file changed since `since` — by default the uncommitted changes, or on a
# branch with no uncommitted changes the commits since it left main — in every tier (unit, both
# databases, services), with a real redis-server and a throw-away PostgreSQL like `npm test`.
# Type-check and boundaries are `npm test`'s; this is the quick loop while working. The PGlite
# contract tier repeats integration tests on the embedded database: it runs here only when the
# change touches the database adapter (server/db/); `npm test` always runs it.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

require_node
ensure_node_modules
ensure_commands "redis-server:redis-server"
unset DATABASE_URL REDIS_URL NEO4J_URI LETTA_BASE_URL DCF_CLOCK
since="${1:-}"
if [ -z "$since" ]; then
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then since=HEAD
  elif git rev-parse --verify -q main >/dev/null && [ "$(git rev-parse HEAD)" != "$(git rev-parse main)" ]; then since="$(git merge-base HEAD main)"
  else since=HEAD~1
  fi
fi
echo "== tests affected by changes since $since"
INT_DIR="${DCF_INT_DIR:-.test-data/changed}"
rm -rf "$INT_DIR" && mkdir -p "$INT_DIR"
trap 'stop_redis; stop_postgres' EXIT
trap 'exit 130' INT TERM
start_redis "$INT_DIR/redis"
export TEST_REDIS_URL="$REDIS_URL"; unset REDIS_URL
start_postgres "$INT_DIR/postgres"
PROJECTS=(--project unit --project unit-isolated --project int-postgres --project int-postgres-isolated --project int-services)
if git diff --name-only "$since" -- server/db | grep -q . || git ls-files --others --exclude-standard server/db | grep -q .; then
  PROJECTS+=(--project int-pglite --project int-pglite-isolated)
fi
npx vitest run --changed "$since" --passWithNoTests "${PROJECTS[@]}"
