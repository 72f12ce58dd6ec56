/**
 * What tool-call tracking (issue 17, server/planning/) adds to a call through the tool layer:
 * `invokeTool` of a cheap registry tool (validate_workflow on a small inline workflow, a call
 * agents make) as an agent, in three set-ups measured in the same run, interleaved round by
 * round so that drift of a shared machine falls on all three alike:
 *   - untracked: no plan tracker in the services (the baseline);
 *   - no plan: a tracker, but the agent has no active plan (`begin` is one Map lookup);
 *   - active plan: the agent's report-mode plan takes every call — its record built and written
 *     to the database (in-memory PGlite, in this process, so its cost lands on the same core) and
 *     the sentinel's live checks run on each batch. A plan is declared afresh every
 *     CALLS_PER_PLAN calls (a turn's plan holds a handful of calls, not thousands); declaring is
 *     not timed, it is not a tool call's latency.
 * Prints p50/p95 per set-up and each as a ratio to the untracked baseline. Target: ≤ 1.10.
 *
 *   node --import tsx bench/tool-tracking.bench.ts [rounds]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Actor } from '../server/contracts/audit-actor.ts';
import { openDatabase, migrateDatabase } from '../server/db/client.ts';
import { processTracker } from '../server/planning/process-tracker.ts';
import { testConfig } from '../server/testing/test-config.ts';
import { PROJECT_ROOT } from '../server/testing/test-database.ts';
import type { ToolServices } from '../server/contracts/tool-services.ts';
import { invokeTool } from '../server/tools/invoke.ts';
import { findTool } from '../server/tools/registry.ts';
import { percentiles } from './timing.ts';

const ROUNDS = Number(process.argv[2] ?? 200);
const PER_ROUND = 10;
const CALLS_PER_PLAN = 25;

const handle = await openDatabase({ kind: 'pglite', dataDir: null });
await migrateDatabase(handle, PROJECT_ROOT);
const config = testConfig();
const tracker = processTracker(config, { db: async () => handle.db, onError: (err) => console.error(err) });
await tracker.ready;

const tool = findTool('validate_workflow')!;
const workflowFile = path.join(PROJECT_ROOT, 'workflows/standard-advice-call-analysis.json');
const workflow = JSON.parse(readFileSync(workflowFile, 'utf8')) as unknown;
const args = { workflow };
const agent = (id: string): Actor => ({ kind: 'agent', id, label: id });
const plain: ToolServices = { config, db: async () => handle.db };
const tracked: ToolServices = { ...plain, planning: tracker };
const declare = findTool('declare_tool_call_plan')!;

let planned = 0;
async function newPlan(): Promise<void> {
  const r = await invokeTool(
    declare,
    {
      goal: 'validate the workflow before saving it',
      plannedSequence: [{ toolName: 'validate_workflow', rationale: 'check the document' }],
      unit: { kind: 'chat_turn', id: `bench-${planned++}`, session_id: 'bench' },
    },
    { actor: agent('agent-planned'), services: tracked },
  );
  if (r.status !== 'ok') throw new Error(`declare failed: ${r.error}`);
}

type Setup = { name: string; ctx: { actor: Actor; services: ToolServices }; before?: (i: number) => Promise<void> };
const setups: Setup[] = [
  { name: 'untracked (baseline)', ctx: { actor: agent('agent-plain'), services: plain } },
  { name: 'tracker, no plan', ctx: { actor: agent('agent-unplanned'), services: tracked } },
  {
    name: 'active plan (report)',
    ctx: { actor: agent('agent-planned'), services: tracked },
    before: async (i) => {
      if (i % CALLS_PER_PLAN === 0) await newPlan();
    },
  },
];

const check = await invokeTool(tool, args, setups[0]!.ctx);
if (check.status !== 'ok' || !(check as { valid?: boolean }).valid) {
  throw new Error('the bench workflow does not validate');
}

const times = new Map(setups.map((s) => [s.name, [] as number[]]));
const counters = new Map(setups.map((s) => [s.name, 0]));
for (let round = -2; round < ROUNDS; round++) {
  // Each round runs the set-ups in a rotated order; the first two rounds warm up and are not kept.
  const order = setups.map((_, i) => setups[(i + Math.max(round, 0)) % setups.length]!);
  for (const s of order) {
    for (let k = 0; k < PER_ROUND; k++) {
      const i = counters.get(s.name)!;
      counters.set(s.name, i + 1);
      await s.before?.(i);
      const t0 = performance.now();
      const r = await invokeTool(tool, args, s.ctx);
      const dt = performance.now() - t0;
      if (r.status !== 'ok') throw new Error(`${s.name}: ${r.error}`);
      if (round >= 0) times.get(s.name)!.push(dt);
    }
  }
}
await tracker.flush();

const base = percentiles(times.get(setups[0]!.name)!);
console.log(`invokeTool(validate_workflow) as an agent, ${ROUNDS * PER_ROUND} calls per set-up, interleaved`);
console.log('set-up                   p50 ms   p95 ms   p50 ratio  p95 ratio');
for (const s of setups) {
  const p = percentiles(times.get(s.name)!);
  console.log(
    `${s.name.padEnd(22)} ${p.p50.toFixed(3).padStart(8)} ${p.p95.toFixed(3).padStart(8)} ` +
      `${(p.p50 / base.p50).toFixed(3).padStart(10)} ${(p.p95 / base.p95).toFixed(3).padStart(10)}`,
  );
}
const stored = await handle.db.execute('select count(*)::int as n from tool_call_records');
console.log(`records written: ${(stored as unknown as { rows: Array<{ n: number }> }).rows[0]!.n}, plans: ${planned}`);
await handle.close();
