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

# The demo calls' audio (issue 34): espeak-ng renders them, opus-tools compresses and decodes them,
# pocketsphinx (with its US English model) is the offline transcription skill.
ensure_audio_commands() {
  ensure_commands "espeak-ng:espeak-ng" "opusenc:opus-tools" "opusdec:opus-tools" \
    "pocketsphinx_continuous:pocketsphinx" "/usr/share/pocketsphinx/model/en-us/en-us:pocketsphinx-en-us"
}

# Prints a free TCP port on 127.0.0.1 (plain digits: console.log would add colour codes under FORCE_COLOR).
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})'
}

# start_redis DATA_DIR — starts redis-server on a free port of 127.0.0.1 with AOF persistence in
# DATA_DIR and a password (requirepass: no other local process can read or write the control
# plane), exports REDIS_URL (redis://:<password>@127.0.0.1:<port>) and REDIS_PID; stop it with
# stop_redis. The password is generated once into DATA_DIR/password, the URL recorded in
# DATA_DIR/url (both mode 0600), where `dcf` finds it; a redis-server already answering there
# with that password is reused (one server per AOF). The password reaches redis-server in a 0600
# config file, never on its command line (which every local user can read with ps). The AOF and
# everything else in DATA_DIR is this user's alone: redis-server runs under umask 077 (files 0600,
# folders 0700), and what an older version left readable is made private first.
start_redis() {
  local dir="$1" port known password
  ensure_commands "redis-server:redis-server"
  mkdir -p "$dir"
  chmod -R go-rwx "$dir" || die "cannot make $dir private"
  dir="$(cd "$dir" && pwd)" # redis-server resolves --logfile after chdir to --dir: use absolute paths
  password="$(redis_password "$dir")" || die "cannot write the Redis password file in $dir"
  known="$(cat "$dir/url" 2>/dev/null || true)"
  if [ -n "$known" ] && redis_answers "$known"; then
    if [ "$known" = "$(redis_url "$password" "$(redis_port "$known")")" ]; then
      export REDIS_URL="$known"
      echo "using the redis-server already running on 127.0.0.1:$(redis_port "$known") (data in $dir)"
      return 0
    fi
    # Started before it had a password: stop it (SHUTDOWN writes its AOF) and start a protected one.
    echo "stopping the redis-server on 127.0.0.1:$(redis_port "$known"), which has no password"
    redis_shutdown "$known"
  fi
  port="$(free_port)"
  write_private "$dir/redis.conf" "requirepass $password"
  (umask 077 && exec redis-server "$dir/redis.conf" --port "$port" --bind 127.0.0.1 --dir "$dir" --appendonly yes --save "" \
    --databases 256 --daemonize no --logfile "$dir/redis.log") &
  REDIS_PID=$!
  REDIS_DIR="$dir"
  for _ in $(seq 1 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      export REDIS_URL="$(redis_url "$password" "$port")"
      write_private "$dir/url" "$REDIS_URL"
      echo "redis-server started on 127.0.0.1:$port with the password in $dir/password (data in $dir)"
      return 0
    fi
    kill -0 "$REDIS_PID" 2>/dev/null || die "redis-server exited; see $dir/redis.log"
    sleep 0.1
  done
  die "redis-server did not start listening on port $port"
}

# write_private FILE TEXT — writes TEXT and a newline to FILE, readable by this user only (0600).
write_private() {
  (umask 077 && printf '%s\n' "$2" > "$1.tmp.$$" && mv -f "$1.tmp.$$" "$1")
}

# redis_password DIR — prints the Redis password kept in DIR/password, generating it on first use.
redis_password() {
  local file="$1/password"
  if [ ! -s "$file" ]; then
    write_private "$file" "$(node -e 'process.stdout.write(require("crypto").randomBytes(24).toString("base64url"))')" || return 1
  fi
  chmod 600 "$file" && head -n 1 "$file"
}

redis_url() { echo "redis://:$1@127.0.0.1:$2"; }
redis_port() { local hostport="${1#redis://}"; hostport="${hostport##*@}"; hostport="${hostport%%/*}"; echo "${hostport##*:}"; }

# redis_send URL COMMAND — opens fd 3 to the server of URL (redis://[:password@]host:port), sends
# AUTH when the URL has a password, then COMMAND; prints the first reply line. Fails when unreachable.
redis_send() {
  local rest="${1#redis://}" auth="" reply
  rest="${rest%%/*}"
  if [[ "$rest" == *@* ]]; then auth="${rest%@*}"; auth="${auth#:}"; rest="${rest##*@}"; fi
  exec 3<>"/dev/tcp/${rest%:*}/${rest##*:}" 2>/dev/null || return 1
  if [ -n "$auth" ]; then
    printf 'AUTH %s\r\n' "$auth" >&3
    read -r -t 2 reply <&3 || reply=""
    [ "${reply%$'\r'}" = "+OK" ] || { exec 3<&- 3>&-; echo "${reply%$'\r'}"; return 0; }
  fi
  printf '%s\r\n' "$2" >&3
  read -r -t 2 reply <&3 || reply=""
  exec 3<&- 3>&-
  echo "${reply%$'\r'}"
}

# redis_answers URL — true if a Redis server answers PING at URL (with its password, if any).
redis_answers() { [ "$(redis_send "$1" PING)" = "+PONG" ]; }

# redis_shutdown URL — stops the server at URL (it writes its AOF first) and waits until its port closes.
redis_shutdown() {
  redis_send "$1" SHUTDOWN >/dev/null || true
  for _ in $(seq 1 50); do redis_answers "$1" || return 0; sleep 0.1; done
  die "the redis-server at 127.0.0.1:$(redis_port "$1") did not stop"
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

# start_redis_cluster DATA_DIR — a throw-away Redis Cluster for tests (issue 32): three masters
# (`redis-server --cluster-enabled yes`, no replicas, no persistence, a generated password in a 0600
# config file) on free ports of 127.0.0.1, joined with `redis-cli --cluster create`; waits for
# cluster_state:ok on every node. Exports REDIS_CLUSTER_NODES (redis://:<password>@127.0.0.1:<port>,…)
# and REDIS_CLUSTER_PIDS; stop it with stop_redis_cluster.
start_redis_cluster() {
  local dir="$1" password port ports=() seeds=() i
  mkdir -p "$dir" && chmod -R go-rwx "$dir" || die "cannot make $dir private"
  dir="$(cd "$dir" && pwd)"
  password="$(redis_password "$dir")" || die "cannot write the Redis password file in $dir"
  REDIS_CLUSTER_PIDS=()
  for i in 1 2 3; do
    port="$(free_port)"
    mkdir -p "$dir/$i"
    write_private "$dir/$i/redis.conf" "requirepass $password
masterauth $password"
    (umask 077 && exec redis-server "$dir/$i/redis.conf" --port "$port" --bind 127.0.0.1 --dir "$dir/$i" --cluster-enabled yes \
      --cluster-config-file nodes.conf --appendonly no --save "" --daemonize no --logfile "$dir/$i/redis.log") &
    REDIS_CLUSTER_PIDS+=("$!")
    ports+=("$port"); seeds+=("127.0.0.1:$port")
  done
  for port in "${ports[@]}"; do
    for _ in $(seq 1 50); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
  done
  REDISCLI_AUTH="$password" redis-cli --cluster create "${seeds[@]}" --cluster-replicas 0 --cluster-yes > "$dir/create.log" 2>&1 ||
    die "redis-cli --cluster create failed; see $dir/create.log"
  for port in "${ports[@]}"; do
    for i in $(seq 1 100); do
      REDISCLI_AUTH="$password" redis-cli -p "$port" cluster info 2>/dev/null | grep -q '^cluster_state:ok' && break
      [ "$i" = 100 ] && die "the Redis Cluster on ${seeds[*]} did not reach cluster_state:ok"
      sleep 0.1
    done
  done
  export REDIS_CLUSTER_NODES="$(printf "redis://:$password@%s," "${seeds[@]}")"
  REDIS_CLUSTER_NODES="${REDIS_CLUSTER_NODES%,}"
  echo "Redis Cluster started on ${seeds[*]} (three masters, data in $dir)"
}

stop_redis_cluster() {
  local pid
  for pid in "${REDIS_CLUSTER_PIDS[@]:-}"; do stop_pid "$pid"; done
  REDIS_CLUSTER_PIDS=()
}

# console_bind_args — the `next start` arguments that choose where the console listens: 127.0.0.1
# whenever demo users are seeded (DCF_DEMO_USERS on, as the config reads it: their passwords are
# published in the README), else nothing (Next's default, every interface).
console_bind_args() {
  case "${DCF_DEMO_USERS:-}" in
    true|1|yes) echo "-H 127.0.0.1" ;;
  esac
}

# Starts `next start` in the background (the binary itself, not npx, so that stopping NEXT_PID
# stops the server) and stops it with stop_next.
# NEXT_MANUAL_SIG_HANDLE: Next.js installs no SIGINT/SIGTERM handler of its own (it would exit at once);
# the console's (server/shutdown.ts) flushes, closes the embedded database, then ends the process.
start_next() {
  NEXT_MANUAL_SIG_HANDLE=true "$ROOT/node_modules/.bin/next" start "$@" &
  NEXT_PID=$!
}
stop_next() { stop_pid "${NEXT_PID:-}"; NEXT_PID=""; }

# Builds the Next.js app when there is no build or a source file is newer than it.
ensure_next_build() {
  local stamp="$ROOT/.next/BUILD_ID"
  if [ -f "$stamp" ] && [ -z "$(cd "$ROOT" && find app components lib server schemas skills next.config.ts package-lock.json proxy.ts -newer "$stamp" -type f 2>/dev/null | head -n 1)" ]; then
    return 0
  fi
  echo "building the console (next build, about 1–3 minutes)…"
  # Turbopack prints nothing while it compiles: a line every 20 s says the build is alive.
  local started=$SECONDS ticker rc=0
  (while sleep 20; do echo "  … still building ($((SECONDS - started)) s)"; done) &
  ticker=$!
  (cd "$ROOT" && NEXT_TELEMETRY_DISABLED=1 npx next build) || rc=$?
  kill "$ticker" 2>/dev/null || true
  wait "$ticker" 2>/dev/null || true
  [ "$rc" = 0 ] || die "next build failed"
  echo "built in $((SECONDS - started)) s"
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
