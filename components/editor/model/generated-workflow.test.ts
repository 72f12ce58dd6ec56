import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateWorkflow } from '@/bench/generate-workflow';
import { validateWorkflow, type WorkflowValidationContext } from '@/server/engine';
import { catalogSkillInfos, loadSkillCatalog } from '@/server/skills/catalog';
import { indexStates } from './state-index';
import { toFlowGraph } from './to-flow-graph';

/** The UI benchmark's workflows (bench/generate-workflow.ts) must be real: exact size, valid. */
describe('generateWorkflow', () => {
  let ctx: WorkflowValidationContext;
  beforeAll(async () => {
    const catalog = await loadSkillCatalog(fileURLToPath(new URL('../../../skills', import.meta.url)));
    ctx = { skills: new Map(catalogSkillInfos(catalog).map((s) => [s.uri, s])), imports: new Map() };
  });

  it.each([1, 2, 3, 4, 10, 27, 100, 500])('%i states: exactly that many, and valid', (size) => {
    const doc = generateWorkflow(size);
    expect(indexStates(doc).tree.states).toHaveLength(size);
    const report = validateWorkflow(doc, ctx);
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
  });

  it('has containers and Choice edges for the editor to draw', () => {
    const graph = toFlowGraph(generateWorkflow(100));
    expect(graph.nodes.filter((n) => n.kind === 'state')).toHaveLength(100);
    expect(graph.nodes.filter((n) => n.kind === 'lane').length).toBeGreaterThan(0);
    expect(graph.edges.filter((e) => e.kind === 'choice').length).toBeGreaterThan(0);
  });
});
