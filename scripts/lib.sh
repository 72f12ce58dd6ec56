# Shared shell helpers for scripts/start.sh and scripts/test.sh. Source, don't run.
# Contract: every function prints what it does and exits the script with a clear message on failure.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

die() { echo "error: $*" >&2; exit 1; }

require_node() {
  command -v node >/dev/null || die "Node.js 20.9 or newer is required (node not found)"
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=9)?0:1)' \
    || die "Node.js 20.9 or newer is required (found $(node -v))"
}

# Installs npm dependencies when node_modules is missing or older than package-lock.json.
# `npm install`, not `npm ci`: other platforms' optional binaries are missing from this registry.
ensure_node_modules() {
  if [ ! -f "$ROOT/node_modules/.package-lock.json" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
    echo "installing npm dependencies…"
    (cd "$ROOT" && npm install --no-audit --no-fund) || die "npm install failed"
  fi
}

# ensure_commands "cmd:apt-package" ... — installs missing system packages with apt-get when
# running as root (a fresh Debian machine or CI), else says exactly what to install.
ensure_commands() {
  local missing=() pair cmd pkg
  for pair in "$@"; do
    cmd="${pair%%:*}"; pkg="${pair##*:}"
    command -v "$cmd" >/dev/null 2>&1 || [ -x "$cmd" ] || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing system packages: ${missing[*]}"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; } \
      || die "apt-get install ${missing[*]} failed"
  else
    die "missing system packages: ${missing[*]} (install them, e.g. sudo apt-get install -y ${missing[*]})"
  fi
}

# Prints a free TCP port on 127.0.0.1 (plain digits: console.log would add colour codes under FORCE_COLOR).
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})'
}

# start_redis DATA_DIR — starts redis-server on a free port with AOF persistence in DATA_DIR,
# exports REDIS_URL and REDIS_PID; stop it with stop_redis. The URL is recorded in DATA_DIR/url,
# where `dcf` finds it; a redis-server already answering there is reused (one server per AOF).
start_redis() {
  local dir="$1" port known
  ensure_commands "redis-server:redis-server"
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)" # redis-server resolves --logfile after chdir to --dir: use absolute paths
  known="$(cat "$dir/url" 2>/dev/null || true)"
  if [ -n "$known" ] && redis_answers "$known"; then
    export REDIS_URL="$known"
    echo "using the redis-server already running on $REDIS_URL (data in $dir)"
    return 0
  fi
  port="$(free_port)"
  redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --appendonly yes --save "" --databases 256 \
    --daemonize no --logfile "$dir/redis.log" &
  REDIS_PID=$!
  REDIS_DIR="$dir"
  for _ in $(seq 1 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      export REDIS_URL="redis://127.0.0.1:$port"
      echo "$REDIS_URL" > "$dir/url"
      echo "redis-server started on $REDIS_URL (data in $dir)"
      return 0
    fi
    kill -0 "$REDIS_PID" 2>/dev/null || die "redis-server exited; see $dir/redis.log"
    sleep 0.1
  done
  die "redis-server did not start listening on port $port"
}

# redis_answers URL — true if a Redis server answers PING at redis://host:port.
redis_answers() {
  local hostport="${1#redis://}"; hostport="${hostport%%/*}"
  local host="${hostport%:*}" port="${hostport##*:}"
  exec 3<>"/dev/tcp/$host/$port" 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  local reply; read -r -t 2 reply <&3 || reply=""
  exec 3<&- 3>&-
  [ "${reply%$'\r'}" = "+PONG" ]
}

# stop_pid PID — stops a background process of this shell and reaps it; quiet if it is gone.
stop_pid() {
  [ -n "${1:-}" ] || return 0
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

stop_redis() {
  [ -n "${REDIS_PID:-}" ] && [ -n "${REDIS_DIR:-}" ] && rm -f "$REDIS_DIR/url"
  stop_pid "${REDIS_PID:-}"; REDIS_PID=""
}

# Starts `next start` in the background (the binary itself, not npx, so that stopping NEXT_PID
# stops the server) and stops it with stop_next.
start_next() {
  "$ROOT/node_modules/.bin/next" start "$@" &
  NEXT_PID=$!
}
stop_next() { stop_pid "${NEXT_PID:-}"; NEXT_PID=""; }

# Builds the Next.js app when there is no build or a source file is newer than it.
ensure_next_build() {
  local stamp="$ROOT/.next/BUILD_ID"
  if [ -f "$stamp" ] && [ -z "$(cd "$ROOT" && find app components lib server schemas skills next.config.ts package-lock.json proxy.ts -newer "$stamp" -type f 2>/dev/null | head -n 1)" ]; then
    return 0
  fi
  echo "building the console (next build)…"
  (cd "$ROOT" && NEXT_TELEMETRY_DISABLED=1 npx next build) || die "next build failed"
}

# start_postgres DIR — a throw-away PostgreSQL cluster on a free port (trust auth on 127.0.0.1
# only); exports TEST_POSTGRES_URL and PG_DIR. PostgreSQL refuses to run as root, so as root the
# cluster belongs to the `postgres` system user (created by Debian's package) and lives in its own
# directory under /tmp: the checkout may sit below a directory only root can enter (mktemp -d is
# mode 700), which the postgres user could not reach.
start_postgres() {
  local dir="$1" port bindir as=()
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    ensure_commands "/usr/lib/postgresql/15/bin/initdb:postgresql"
    bindir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  fi
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || die "user postgres is missing (install the postgresql package)"
    dir="$(mktemp -d /tmp/dcf-postgres-XXXXXX)"
    chown postgres "$dir"
    as=(runuser -u postgres --)
  else
    rm -rf "$dir"; mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
  fi
  PG_DIR="$dir"; PG_BINDIR="$bindir"; PG_AS=("${as[@]}")
  port="$(free_port)"
  (cd / && "${as[@]}" "$bindir/initdb" -D "$dir/data" -A trust -U postgres --no-sync >"$dir/initdb.log" 2>&1) \
    || die "initdb failed; see $dir/initdb.log"
  (cd / && "${as[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null) \
    || die "PostgreSQL did not start; see $dir/postgres.log"
  export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "PostgreSQL started on 127.0.0.1:$port (data in $dir/data)"
}

stop_postgres() {
  [ -n "${PG_DIR:-}" ] || return 0
  (cd / && "${PG_AS[@]}" "$PG_BINDIR/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1) || true
  rm -rf "$PG_DIR"
  PG_DIR=""
}
