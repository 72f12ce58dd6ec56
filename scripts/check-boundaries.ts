/**
 * `npm run check:boundaries` (and a step of `npm test`): the layering of docs/ARCHITECTURE.md.
 * Runs dependency-cruiser with `.dependency-cruiser.cjs` (engine purity, components reach no
 * I/O, lib is shared and pure, nothing unresolvable), then collapses the same module graph into
 * subsystems and refuses any cycle between them. Exits 1 with every violation listed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { subsystemCycles } from './boundaries/subsystem-cycles.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');
const tsConfig = extractTSConfig(path.join(root, 'tsconfig.json'));
const result = await cruise(
  ['server', 'app', 'components', 'lib', 'cli'],
  { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true },
  undefined,
  { tsConfig },
);
const output = result.output as ICruiseResult;

let failures = 0;
for (const v of output.summary.violations) {
  failures++;
  const chain = v.via?.length ? `\n      via ${v.via.map((s) => (typeof s === 'string' ? s : s.name)).join(' → ')}` : '';
  console.log(`✗ ${v.rule.name}: ${v.from} → ${v.to}${chain}`);
}

const edges = output.modules.flatMap((m) =>
  m.dependencies
    .filter((d) => !d.coreModule && !d.couldNotResolve && !d.resolved.startsWith('node_modules/'))
    .map((d) => ({ from: m.source, to: d.resolved })),
);
for (const cycle of subsystemCycles(edges)) {
  failures++;
  console.log(`✗ subsystem cycle: ${cycle.subsystems.join(' ⇄ ')}`);
  for (const e of cycle.edges) console.log(`    ${e.from} → ${e.to}: ${e.via.join('; ')}`);
}

const checked = `${output.summary.totalCruised} modules, ${output.summary.totalDependenciesCruised} imports`;
console.log(failures ? `boundaries: ${failures} violation(s) in ${checked}` : `boundaries: ok (${checked})`);
process.exit(failures ? 1 : 0);
