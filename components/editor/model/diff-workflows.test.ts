import { describe, expect, it } from 'vitest';
import { choiceWorkflow, containerWorkflow, deepFreeze } from './__fixtures__/workflows';
import { repositoryWorkflow } from './__fixtures__/skill-outputs';
import { addState } from './add-state';
import { diffWorkflows } from './diff-workflows';
import { removeStates } from './remove-states';
import { renameState } from './rename-state';
import { setStateField } from './set-state-field';
import type { WorkflowDoc } from './types';

const must = (r: { ok: true; doc: WorkflowDoc } | { ok: false }) => {
  if (!r.ok) throw new Error('edit refused');
  return r.doc;
};

describe('diffWorkflows', () => {
  it('reports added, removed, changed and unchanged states by pointer, with changed fields', () => {
    const a = deepFreeze(choiceWorkflow());
    let b = must(setStateField(a, '/asl/States/Start', 'TimeoutSeconds', 30));
    b = must(setStateField(b, '/asl/States/Start', 'ResultPath', '$.r'));
    b = must(renameState(b, '/asl/States/Good', 'Great'));
    const d = diffWorkflows(a, b);
    expect(d.states).toEqual([
      { pointer: '/asl/States/Start', name: 'Start', status: 'changed', fields: ['ResultPath', 'TimeoutSeconds'] },
      { pointer: '/asl/States/Check', name: 'Check', status: 'changed', fields: ['Choices'] },
      { pointer: '/asl/States/Good', name: 'Good', status: 'removed', fields: [] },
      { pointer: '/asl/States/Bad', name: 'Bad', status: 'unchanged', fields: [] },
      { pointer: '/asl/States/Great', name: 'Great', status: 'added', fields: [] },
    ]);
    expect(d.counts).toEqual({ added: 1, removed: 1, changed: 2, unchanged: 1 });
    expect(d.document).toEqual([]);
  });

  it('marks a change inside a branch on the branch state only', () => {
    const a = deepFreeze(containerWorkflow());
    const b = must(setStateField(a, '/asl/States/Fan/Branches/1/States/Right1', 'Comment', 'hi'));
    const changed = diffWorkflows(a, b).states.filter((s) => s.status !== 'unchanged');
    expect(changed).toEqual([
      { pointer: '/asl/States/Fan/Branches/1/States/Right1', name: 'Right1', status: 'changed', fields: ['Comment'] },
    ]);
    const added = must(addState(a, '/asl/States/Fan/Branches/0', 'Pass', { name: 'Extra' }));
    expect(
      diffWorkflows(a, added)
        .states.filter((s) => s.status !== 'unchanged')
        .map((s) => [s.name, s.status]),
    ).toEqual([['Extra', 'added']]);
    const removed = must(removeStates(a, ['/asl/States/Fan/Branches/0/States/Left']));
    expect(
      diffWorkflows(a, removed)
        .states.filter((s) => s.status !== 'unchanged')
        .map((s) => [s.name, s.status, s.fields]),
    ).toEqual([
      ['Fan', 'changed', ['Branches']],
      ['Left', 'removed', []],
    ]);
  });

  it('reports document-level fields, including asl fields beside States', () => {
    const a = deepFreeze(choiceWorkflow());
    const b = {
      ...a,
      version: '1.1.0',
      description: 'new',
      workflow_input_schema: undefined,
      asl: { ...(a.asl as object), StartAt: 'Check', Comment: 'c' },
    };
    delete (b as Record<string, unknown>).workflow_input_schema;
    expect(diffWorkflows(a, b).document).toEqual([
      { field: 'version', status: 'changed' },
      { field: 'workflow_input_schema', status: 'removed' },
      { field: 'description', status: 'added' },
      { field: 'asl.StartAt', status: 'changed' },
      { field: 'asl.Comment', status: 'added' },
    ]);
  });

  it('compares the spec versions 1.0.0 and 1.0.1 (the swapped transcription skill)', () => {
    const d = diffWorkflows(
      repositoryWorkflow('standard-advice-call-analysis.json'),
      repositoryWorkflow('standard-advice-call-analysis-1.0.1.json'),
    );
    expect(d.states.filter((s) => s.status !== 'unchanged').map((s) => [s.name, s.status])).toEqual([['TranscribeRecording', 'changed']]);
    expect(d.document.map((f) => f.field)).toContain('version');
  });

  it.each([
    ['two non-documents', null, 'x'],
    ['an empty and a real one', {}, choiceWorkflow()],
  ])('copes with %s', (_what, a, b) => {
    const d = diffWorkflows(a, b);
    expect(d.counts.removed).toBe(0);
    expect(d.states.every((s) => s.status === 'added')).toBe(true);
  });
});
