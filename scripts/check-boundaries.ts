/**
 * `npm run check:boundaries` (and a step of `npm test`): the layering of docs/ARCHITECTURE.md.
 * Runs dependency-cruiser twice with `.dependency-cruiser.cjs`: the layer rules over every import,
 * type-only ones included, and the runtime rules (components reach no I/O) over value imports
 * only. Then collapses each module graph into subsystems and refuses any cycle between them: over
 * value imports and, since issue 31, over every import with type imports counted.
 * The config's `exceptions` (exact path pairs, each with its reason) are dropped and counted.
 * Exits 1 with every other violation listed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { subsystemCycles } from './boundaries/subsystem-cycles.ts';

interface BoundaryException {
  rule: string;
  from: string;
  to: string;
  why: string;
}

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
  runtimeForbidden: IForbiddenRuleType[];
  exceptions: BoundaryException[];
  options: Record<string, unknown>;
};
const tsConfig = extractTSConfig(path.join(root, 'tsconfig.json'));
const roots = ['server', 'app', 'components', 'lib', 'cli', 'instrumentation.ts'];

async function run(forbidden: IForbiddenRuleType[], tsPreCompilationDeps: boolean): Promise<ICruiseResult> {
  const result = await cruise(roots, { ...config.options, tsPreCompilationDeps, ruleSet: { forbidden }, validate: true }, undefined, {
    tsConfig,
  });
  return result.output as ICruiseResult;
}

const typed = await run(config.forbidden, true);
const runtime = await run(config.runtimeForbidden, false);

const used = new Set<BoundaryException>();
/** Whether a violation is a listed exception; marks the exception as still needed. */
const excepted = (rule: string, from: string, to: string) => {
  const hit = config.exceptions.find((e) => e.rule === rule && e.from === from && e.to === to);
  if (hit) used.add(hit);
  return hit !== undefined;
};

let failures = 0;
for (const v of [...typed.summary.violations, ...runtime.summary.violations]) {
  if (excepted(v.rule.name, v.from, v.to)) continue;
  failures++;
  const chain = v.via?.length ? `\n      via ${v.via.map((s) => (typeof s === 'string' ? s : s.name)).join(' → ')}` : '';
  console.log(`✗ ${v.rule.name}: ${v.from} → ${v.to}${chain}`);
}

/** Imports between modules of the checked tree (no packages, no core modules). */
const edgesOf = (output: ICruiseResult) =>
  output.modules.flatMap((m) =>
    m.dependencies
      .filter((d) => !d.coreModule && !d.couldNotResolve && !d.resolved.startsWith('node_modules/'))
      .map((d) => ({ from: m.source, to: d.resolved })),
  );
// Subsystem cycles are refused over the imports that run and over every import with types: a type
// import is erased when compiled, but it still ties the two subsystems' shapes together, so the layers
// hold only if the typed graph has no cycle either (issue 31). A cycle in both graphs is printed once.
/** A cycle's subsystems on one line after `head`, then each edge with the imports that make it. */
const printCycle = (head: string, cycle: ReturnType<typeof subsystemCycles>[number]) => {
  console.log(`${head}${cycle.subsystems.join(' ⇄ ')}`);
  for (const e of cycle.edges) console.log(`    ${e.from} → ${e.to}: ${e.via.join('; ')}`);
};
const runtimeCycles = subsystemCycles(edgesOf(runtime));
const cycleKey = (cycle: ReturnType<typeof subsystemCycles>[number]) => cycle.subsystems.join('\u0000');
const seen = new Set(runtimeCycles.map(cycleKey));
for (const cycle of runtimeCycles) {
  failures++;
  printCycle('✗ subsystem cycle: ', cycle);
}
for (const cycle of subsystemCycles(edgesOf(typed))) {
  if (seen.has(cycleKey(cycle))) continue;
  failures++;
  printCycle('✗ subsystem cycle (with type imports): ', cycle);
}

// An exception that no longer matches anything is stale: the import moved, so the exception goes too.
for (const e of config.exceptions) {
  if (used.has(e)) continue;
  failures++;
  console.log(`✗ stale exception (${e.rule}): ${e.from} → ${e.to}`);
}

const checked = `${typed.summary.totalCruised} modules, ${typed.summary.totalDependenciesCruised} imports with types`;
const allowed = config.exceptions.length ? `; ${config.exceptions.length} listed exception(s)` : '';
console.log(failures ? `boundaries: ${failures} violation(s) in ${checked}${allowed}` : `boundaries: ok (${checked}${allowed})`);
process.exit(failures ? 1 : 0);
