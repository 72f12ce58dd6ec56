#!/usr/bin/env bash
# The console as Playwright's webServer: a fresh data directory, its own redis-server, demo
# users, `next start` on $E2E_PORT. Everything it starts is stopped when Playwright stops it.
# The environment may adjust it: the chat scenarios' server sets DCF_SEED_WORKFLOWS=false.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

export E2E_PORT="${E2E_PORT:-3210}"
export DCF_DATA_DIR="${DCF_DATA_DIR:-.test-data/e2e-$$}"
export DCF_DEMO_USERS=true
export DCF_CLOCK="${DCF_CLOCK-2024-07-08T09:00:00Z}"
export NEXT_TELEMETRY_DISABLED=1
export LOG_LEVEL="${LOG_LEVEL:-warn}"
# The console calibrates unmeasured transcription skills in the background at start; pocketsphinx's
# calibration recognises minutes of audio (17–50 s of CPU), which no e2e spec needs.
export DCF_CALIBRATION_SKIP="${DCF_CALIBRATION_SKIP-skill://pocketsphinx-transcribe@1.0.0}"
rm -rf "$DCF_DATA_DIR"

ensure_audio_commands
start_redis "$DCF_DATA_DIR/redis"
cleanup() { stop_next; stop_redis; rm -rf "$DCF_DATA_DIR"; }
trap cleanup EXIT
trap 'exit 143' INT TERM # runs the EXIT trap

# Two servers may start at once (playwright.config.ts): one builds, the other waits for it.
mkdir -p .test-data
exec 9>.test-data/next-build.lock
flock 9
ensure_next_build
flock -u 9
node --import tsx scripts/setup.ts >/dev/null || die "database setup failed"
start_next -p "$E2E_PORT" -H 127.0.0.1
wait "$NEXT_PID" || true
