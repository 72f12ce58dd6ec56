/**
 * How long the bounded fuzz's bad calls take (issue 29; the behaviour — no `internal_error` — is
 * server/tools/tool-fuzz.int.test.ts): every tool of the registry gets the same CALLS_PER_TOOL
 * generated bad calls from the same seed, on the same harness (real Redis, in-memory PGlite, the
 * local agent platform), and each tool's slowest call is printed as a ratio to a baseline
 * measured in the same run: the p50 of `invokeTool` of validate_workflow on a small inline
 * workflow, a cheap call that passes validation (interleaved between the tools, so that drift of a
 * shared machine falls on both). Target: no bad call slower than the 2 s; measured on the
 * 2-core development machine (5 calls per tool): baseline 8 ms, slowest bad call 134× (set_demo_faults, 1.1 s).
 *
 *   node --import tsx bench/tool-fuzz.bench.ts [calls per tool]
 */
import { systemActor, type Actor } from '../server/contracts/audit-actor.ts';
import { createUser } from '../server/auth/users.ts';
import { mulberry32 } from '../lib/seeded-random.ts';
import { Fuzzer, MUTATIONS, mutate, nameSeed } from '../server/testing/tool-fuzz-args.ts';
import { invokeTool } from '../server/tools/invoke.ts';
import { describeTools, findTool } from '../server/tools/registry.ts';
import { benchRedis } from './redis-server.ts';
import { percentiles } from './timing.ts';

const SEED = 29;
const CALLS_PER_TOOL = Number(process.argv[2] ?? 20);

const redis = await benchRedis();
process.env.TEST_REDIS_URL = redis.url;
process.env.DCF_TEST_DB = 'pglite';
const { platformToolHarness } = await import('../server/tools/testing/platform-tool-harness.ts');
const t = await platformToolHarness();
const admin = await createUser(t.db.db, { email: 'fuzz@bench.test', displayName: 'Fuzz', role: 'admin', password: 'fuzz password 1' });
if (!admin.ok) throw new Error('setup');
const actors: Actor[] = [
  systemActor('fuzz'),
  { kind: 'agent', id: 'fuzz-agent', label: 'fuzz-agent' },
  { kind: 'user', id: admin.user.id, label: admin.user.email, role: 'admin' },
];

const validate = findTool('validate_workflow')!;
const small = { StartAt: 'Done', States: { Done: { Type: 'Succeed' } } };
const baseline: number[] = [];
async function baselineCalls(n: number) {
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await invokeTool(validate, { workflow: small }, { actor: actors[1]!, services: t.services });
    baseline.push(performance.now() - t0);
  }
}

await baselineCalls(20); // warm-up, discarded
baseline.length = 0;
const slowest: Array<{ tool: string; ms: number; call: string }> = [];
const all: number[] = [];
for (const d of describeTools()) {
  await baselineCalls(5);
  const tool = findTool(d.name)!;
  const schema = d.inputSchema as Record<string, unknown>;
  const f = new Fuzzer(mulberry32(nameSeed(d.name, SEED)));
  const worst = { tool: d.name, ms: 0, call: '' };
  for (let i = 0; i < CALLS_PER_TOOL; i++) {
    const mutation = MUTATIONS[i % MUTATIONS.length]!;
    const args = mutate(f, f.object(schema, (schema.$defs ?? {}) as Record<string, unknown>), mutation, schema);
    const actor = actors[i % actors.length]!;
    const t0 = performance.now();
    await invokeTool(tool, args, { actor, services: t.services });
    const ms = performance.now() - t0;
    all.push(ms);
    if (ms > worst.ms) Object.assign(worst, { ms, call: `#${i} ${mutation} as ${actor.kind}` });
  }
  slowest.push(worst);
}

const base = percentiles(baseline).p50;
const fuzz = percentiles(all);
const ratio = (ms: number) => `${(ms / base).toFixed(2)}×`;
console.log(`baseline (validate_workflow, small, p50 of ${baseline.length}): ${base.toFixed(2)} ms`);
console.log(
  `${all.length} bad calls over ${slowest.length} tools: p50 ${ratio(fuzz.p50)}, p95 ${ratio(fuzz.p95)}, max ${ratio(Math.max(...all))}`,
);
console.log('slowest tools (their slowest bad call, × baseline):');
for (const s of slowest.sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`  ${s.tool.padEnd(40)} ${ratio(s.ms).padStart(8)}  ${s.ms.toFixed(0)} ms  ${s.call}`);

await t.close();
redis.stop();
process.exit(0);
