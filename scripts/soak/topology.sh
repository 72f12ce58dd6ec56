# A scale-out topology on this machine, for the soak test (scripts/soak/soak.sh) and the load
# benchmark (bench/load.sh). Source after scripts/lib.sh; don't run.
#
# start_topology WORK CONSOLES WORKERS — in the scratch folder WORK: a PostgreSQL server, Redis
# (a three-master Redis Cluster when scripts/lib.sh has start_redis_cluster and SOAK_REDIS is not
# `single`, else one redis-server), the database prepared once (scripts/setup.ts: migrations, the
# demo users, the workflow catalog), CONSOLES `next start` processes with no embedded workers,
# WORKERS `dcf worker` processes, and nginx in front of the consoles (round robin; a console that
# refuses connections is skipped). Exports SOAK_URL (nginx), CONSOLE_URLS, CONSOLE_PIDS,
# WORKER_PIDS, DATABASE_URL; stop everything with stop_topology. Logs are in WORK/logs.

start_topology() {
  local work="$1" consoles="$2" workers="$3" i port
  TOPOLOGY_WORK="$work"
  mkdir -p "$work/logs"
  ensure_commands "nginx:nginx" "redis-server:redis-server" "redis-cli:redis-tools"
  start_postgres "$work/pg"
  export DATABASE_URL="$TEST_POSTGRES_URL"
  if [ "${SOAK_REDIS:-cluster}" != single ] && declare -F start_redis_cluster >/dev/null; then
    start_redis_cluster "$work/redis-cluster"
    TOPOLOGY_REDIS="cluster of three masters"
  else
    start_redis "$work/redis"
    export REDIS_URL
    TOPOLOGY_REDIS="single node"
  fi
  export DCF_DATA_DIR="$work/data" DCF_EMBEDDED_WORKERS=false DCF_DEMO_USERS=true DCF_DEMO_HISTORY="${DCF_DEMO_HISTORY:-false}" \
    DCF_TRUSTED_PROXIES=1 NEXT_TELEMETRY_DISABLED=1 LOG_LEVEL="${LOG_LEVEL:-warn}" DCF_SCHEDULE_MIN_INTERVAL_S=5 \
    DCF_CLOCK="${DCF_CLOCK-2024-07-08T09:00:00Z}"
  export SESSION_SECRET="${SESSION_SECRET:-$(node -e 'process.stdout.write(require("crypto").randomBytes(48).toString("base64"))')}"
  mkdir -p "$DCF_DATA_DIR" && chmod 700 "$DCF_DATA_DIR"
  node --import tsx scripts/setup.ts >"$work/logs/setup.log" 2>&1 || die "database setup failed; see $work/logs/setup.log"
  CONSOLE_URLS=(); CONSOLE_PIDS=(); WORKER_PIDS=()
  for i in $(seq 1 "$consoles"); do
    port="$(free_port)"
    NEXT_MANUAL_SIG_HANDLE=true "$ROOT/node_modules/.bin/next" start -p "$port" -H 127.0.0.1 >"$work/logs/console-$i.log" 2>&1 &
    CONSOLE_PIDS+=($!); CONSOLE_URLS+=("http://127.0.0.1:$port")
  done
  for i in $(seq 1 "$workers"); do
    node --import tsx cli/main.ts worker --concurrency "${SOAK_WORKER_CONCURRENCY:-4}" >"$work/logs/worker-$i.log" 2>&1 &
    WORKER_PIDS+=($!)
  done
  start_nginx "$work/nginx"
  for i in "${!CONSOLE_URLS[@]}"; do wait_http "${CONSOLE_URLS[$i]}/api/health" 180 || die "console $((i + 1)) did not answer; see $work/logs/console-$((i + 1)).log"; done
  wait_http "$SOAK_URL/api/health" 30 || die "nginx did not answer; see $work/nginx/error.log"
  export SOAK_URL CONSOLE_URLS_CSV="$(IFS=,; echo "${CONSOLE_URLS[*]}")" CONSOLE_PIDS_CSV="$(IFS=,; echo "${CONSOLE_PIDS[*]}")"
  echo "topology: $consoles console(s), $workers worker(s), Redis $TOPOLOGY_REDIS, PostgreSQL; nginx at $SOAK_URL"
}

# start_nginx DIR — nginx on a free port in front of CONSOLE_URLS. SSE passes unbuffered; a
# console that refuses the connection is skipped (proxy_next_upstream error). nginx passes a POST
# to the next console only when it could not send it to the first (no `non_idempotent`): a POST
# that reached a console which then died fails, and the client decides whether to retry.
start_nginx() {
  local dir="$1" port upstreams="" u
  mkdir -p "$dir/temp"
  port="$(free_port)"
  for u in "${CONSOLE_URLS[@]}"; do upstreams+="    server ${u#http://} max_fails=1 fail_timeout=5s;"$'\n'; done
  cat >"$dir/nginx.conf" <<CONF
worker_processes 1;
error_log $dir/error.log warn;
pid $dir/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $dir/temp/body;
  proxy_temp_path $dir/temp/proxy;
  fastcgi_temp_path $dir/temp/fastcgi;
  uwsgi_temp_path $dir/temp/uwsgi;
  scgi_temp_path $dir/temp/scgi;
  client_max_body_size 10m;
  upstream consoles {
$upstreams    keepalive 32;
  }
  server {
    listen 127.0.0.1:$port;
    location / {
      proxy_pass http://consoles;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_buffering off;
      proxy_read_timeout 600s;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout;
    }
  }
}
CONF
  nginx -p "$dir" -c "$dir/nginx.conf" -g 'daemon off;' >"$dir/stdout.log" 2>&1 &
  NGINX_PID=$!
  SOAK_URL="http://127.0.0.1:$port"
}

# wait_http URL SECONDS — waits until URL answers 200.
wait_http() {
  local url="$1" limit="$2" start=$SECONDS
  until curl -fs -o /dev/null --max-time 5 "$url"; do
    [ $((SECONDS - start)) -lt "$limit" ] || return 1
    sleep 1
  done
}

stop_topology() {
  local p
  stop_pid "${NGINX_PID:-}"
  for p in ${WORKER_PIDS[@]+"${WORKER_PIDS[@]}"} ${CONSOLE_PIDS[@]+"${CONSOLE_PIDS[@]}"}; do kill "$p" 2>/dev/null || true; done
  for p in ${WORKER_PIDS[@]+"${WORKER_PIDS[@]}"} ${CONSOLE_PIDS[@]+"${CONSOLE_PIDS[@]}"}; do wait "$p" 2>/dev/null || true; done
  if declare -F stop_redis_cluster >/dev/null; then stop_redis_cluster; fi
  stop_redis
  stop_postgres
}
