import { describe, expect, it } from 'vitest';
import { compileControlPlaneMeta } from './compile-meta.ts';
import { controlPlaneMetaSchema } from './control-plane-meta.ts';
import { parseAgentTemplateRef } from './worker-pool.ts';
import { validateWorkflow } from '../letta/validate-workflow.ts';
import { loadFixture } from '../__fixtures__/load.ts';
import { applyJsonPatch } from '../../testing/json-patch.ts';

/** Deep equality plus the order of every object's keys (the meta is stored and diffed as JSON). */
function expectSameJson(actual: unknown, expected: unknown): void {
  expect(actual).toStrictEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

describe('compileControlPlaneMeta', () => {
  it('compiles the §2.3 workflow to exactly the §2.5 meta', () => {
    const meta = compileControlPlaneMeta(loadFixture('advice-call-analysis.workflow.json'));
    expectSameJson(meta, loadFixture('advice-call-analysis.meta.json'));
    expect(controlPlaneMetaSchema.parse(meta)).toStrictEqual(meta);
  });

  it('compiles the §3.3 workflow ({name, version} template refs, a linear chain)', () => {
    expectSameJson(
      compileControlPlaneMeta(loadFixture('product-explanation-compliance.workflow.json')),
      loadFixture('product-explanation-compliance.meta.json'),
    );
  });

  it('keeps the §2.5 graph when §4.4 swaps the transcription skill', () => {
    const wf = applyJsonPatch(loadFixture('advice-call-analysis.workflow.json'), [
      { op: 'replace', path: '/asl/States/TranscribeRecording', value: loadFixture('evolved-transcribe-state.json') },
    ]);
    const expected = applyJsonPatch(loadFixture('advice-call-analysis.meta.json'), [
      { op: 'replace', path: '/skills/TranscribeRecording', value: ['skill://assemblyai-transcribe@1.2.0'] },
    ]);
    expectSameJson(compileControlPlaneMeta(wf), expected);
  });

  it('compiles Choice, Catch, Map and nested Parallel edges', () => {
    const wf = loadFixture<{ asl: unknown }>('compile-branching.workflow.json');
    const skills = new Map(['s1', 's2', 's3', 's4', 's5'].map((s) => [`skill://${s}@1.0.0`, { uri: `skill://${s}@1.0.0`, tools: [] }]));
    expect(validateWorkflow(wf, { skills, imports: new Map() }).errors).toEqual([]);
    expectSameJson(compileControlPlaneMeta(wf), loadFixture('compile-branching.meta.json'));
  });

  it('records the planner given in the options', () => {
    const meta = compileControlPlaneMeta(loadFixture('advice-call-analysis.workflow.json'), { planner: 'agent://planner@2.3.0' });
    expect(meta.agents.planner).toBe('agent://planner@2.3.0');
  });

  it('chooses the most used worker template, ties going to the first in document order', () => {
    const base = loadFixture('compile-branching.workflow.json');
    const ref = (state: string) => `/asl/States/${state}/AgentBinding/agent_template_ref`;
    const tie = applyJsonPatch(base, [{ op: 'replace', path: ref('Merge'), value: { name: 'worker_b', version: '1.0.0' } }]);
    // worker_a: Intake, Left; worker_b: Check, Merge — Intake comes first
    expect(compileControlPlaneMeta(tie).agents.worker_pool).toEqual({ name: 'worker_a', version: '2.0.0' });
    const majority = applyJsonPatch(tie, [{ op: 'replace', path: ref('Intake'), value: { name: 'worker_b@1.0.0' } }]);
    expect(compileControlPlaneMeta(majority).agents.worker_pool).toEqual({ name: 'worker_b', version: '1.0.0' });
  });

  it('omits worker_pool when no Task names a template', () => {
    const wf = { workflow_id: 'w', workflow_name: 'n', asl: { StartAt: 'A', States: { A: { Type: 'Pass', End: true } } } };
    const meta = compileControlPlaneMeta(wf);
    expect(meta.agents).toEqual({ planner: 'agent://planner@1.0.0' });
    expect(meta).toMatchObject({ terminal_states: ['A'], states: ['A'], skills: {}, deps: { A: { upstream: [], downstream: [] } } });
  });

  it("treats the Map processor as the Map's single branch", () => {
    const meta = compileControlPlaneMeta(loadFixture('compile-branching.workflow.json'));
    expect(meta.deps.Each).toEqual({ upstream: ['Decide'], downstream: ['Check'] });
    expect(meta.deps.Tag!.downstream).toEqual(['Merge']);
  });

  it('throws a clear error when the workflow lacks the fields it reads', () => {
    expect(() => compileControlPlaneMeta({ workflow_id: 'x' })).toThrow(/needs a validated workflow/);
  });
});

describe('parseAgentTemplateRef', () => {
  it.each([
    [{ name: 'agent_template_worker@1.0.0' }, { name: 'agent_template_worker', version: '1.0.0' }],
    [
      { name: 'agent_template_worker', version: '1.0.0' },
      { name: 'agent_template_worker', version: '1.0.0' },
    ],
    [{ name: 'scoped@org/worker@2.1.0' }, { name: 'scoped@org/worker', version: '2.1.0' }],
    [{ name: 'unversioned' }, { name: 'unversioned' }],
    [{ name: 'trailing@' }, { name: 'trailing@' }],
    [{ id: 'agent-123' }, null],
    ['agent_template_worker@1.0.0', null],
  ])('reads %j', (ref, expected) => {
    expect(parseAgentTemplateRef(ref)).toEqual(expected);
  });
});
