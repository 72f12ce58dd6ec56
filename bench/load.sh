#!/usr/bin/env bash
# npm run bench:load — the console under load (bench/load.bench.ts) with one console and one
# `dcf worker`, then with two of each, on the soak test's topology (scripts/soak/topology.sh:
# PostgreSQL, Redis, nginx; the demo history as data); prints each scenario's figures and the
# ratio two consoles give over one. LOAD_SECONDS and LOAD_CONCURRENCY as in the bench.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
source "$ROOT/scripts/soak/topology.sh"
cd "$ROOT"
require_node
ensure_node_modules
ensure_next_build
OUT="$(mktemp -d /tmp/dcf-load-XXXXXX)"
trap 'stop_topology' EXIT
trap 'exit 130' INT TERM
export DCF_DEMO_HISTORY=true
for n in 1 2; do
  echo "== $n console(s), $n worker(s)"
  start_topology "$OUT/topology-$n" "$n" "$n"
  LOAD_OUT="$OUT/$n.json" node --import tsx bench/load.bench.ts
  stop_topology
done
node -e '
const [one, two] = [1, 2].map((n) => require(process.argv[1] + "/" + n + ".json"));
console.log("\nwhat a second console (and worker) buys, as ratios of two to one:");
for (const a of one) {
  const b = two.find((x) => x.name === a.name);
  const p95 = Number.isFinite(a.p95) ? `   p95 ${(b.p95 / a.p95).toFixed(2)}×` : "";
  console.log(`  ${a.name.padEnd(34)} throughput ${(b.perSecond / a.perSecond).toFixed(2)}×${p95}`);
}' "$OUT"
