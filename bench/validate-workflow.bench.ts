/**
 * How long `validateWorkflow` takes on large workflows, as a ratio to a baseline measured in the
 * same run: the JSON Schema check alone (ajv), which any validator must do anyway. The target
 * (editor issue: validation as you type on a 500-state workflow) is a full validation within a
 * few multiples of the schema check and well under a frame budget of interactive latency.
 *
 *   node --import tsx bench/validate-workflow.bench.ts
 */
import { validateWorkflow } from '../server/engine/index.ts';
import { validateAgainstSchema } from '../server/schemas/registry.ts';
import { loadSkillCatalog, catalogSkillInfos } from '../server/skills/catalog.ts';
import { generateWorkflow } from './generate-workflow.ts';

function timeIt(fn: () => void, minMs = 400): { meanMs: number; runs: number } {
  for (let i = 0; i < 3; i++) fn(); // warm up (JIT, lazy schema compile)
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < minMs || runs < 5) {
    fn();
    runs++;
  }
  return { meanMs: (performance.now() - start) / runs, runs };
}

const catalog = await loadSkillCatalog(new URL('../skills', import.meta.url).pathname);
const ctx = { skills: new Map(catalogSkillInfos(catalog).map((s) => [s.uri, s])), imports: new Map() };

console.log('states  schema-only ms  full validation ms  ratio  errors');
for (const size of [100, 500, 2000]) {
  const doc = generateWorkflow(size);
  const report = validateWorkflow(doc, ctx);
  if (!report.valid) throw new Error(`generated workflow of ${size} states is invalid: ${JSON.stringify(report.errors.slice(0, 3))}`);
  const baseline = timeIt(() => validateAgainstSchema('workflow', doc));
  const full = timeIt(() => validateWorkflow(doc, ctx));
  console.log(
    `${String(size).padStart(6)}  ${baseline.meanMs.toFixed(2).padStart(14)}  ` +
      `${full.meanMs.toFixed(2).padStart(18)}  ${(full.meanMs / baseline.meanMs).toFixed(1).padStart(5)}x  ` +
      `${report.errors.length}`,
  );
}
