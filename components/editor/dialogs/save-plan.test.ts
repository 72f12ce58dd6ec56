import { describe, expect, it } from 'vitest';
import { containerWorkflow } from '../model/__fixtures__/workflows';
import { diffWorkflows } from '../model/diff-workflows';
import { defaultBump, planSave, proposedVersion } from './save-plan';

const now = new Date('2024-07-20T10:00:00.123Z');
const doc = { workflow_id: 'w1', workflow_name: 'Standard', version: '1.0.0', created_at: '2024-07-08T09:15:00Z', asl: {} };

describe('planSave', () => {
  it('a new version of a saved workflow is VERSION_OF the version the editor opened', () => {
    const p = planSave({
      doc,
      mode: 'version',
      version: '1.1.0',
      name: '',
      saved: ['1.0.0', '1.0.1'],
      base: { workflow_id: 'w1', version: '1.0.0' },
      newId: 'new',
      now,
    });
    expect(p.doc).toMatchObject({
      workflow_id: 'w1',
      version: '1.1.0',
      updated_at: '2024-07-20T10:00:00Z',
      created_at: '2024-07-08T09:15:00Z',
    });
    expect(p.parent).toEqual({ workflow_id: 'w1', version: '1.0.0', relation: 'VERSION_OF' });
  });

  it('without a base of this workflow, the parent is its highest saved version; a first save has none', () => {
    expect(
      planSave({ doc, mode: 'version', version: '1.0.10', name: '', saved: ['1.0.9', '1.0.2'], base: null, newId: 'x', now }).parent,
    ).toEqual({ workflow_id: 'w1', version: '1.0.9', relation: 'VERSION_OF' });
    expect(planSave({ doc, mode: 'version', version: '1.0.0', name: '', saved: [], base: null, newId: 'x', now }).parent).toBeNull();
  });

  it('a copy is a new workflow REFINEMENT_OF where it came from', () => {
    const p = planSave({
      doc,
      mode: 'copy',
      version: '1.0.0',
      name: 'HELOC 2.0 check',
      saved: ['1.0.0'],
      base: { workflow_id: 'w1', version: '1.0.0' },
      newId: 'w2',
      now,
    });
    expect(p.doc).toMatchObject({
      workflow_id: 'w2',
      workflow_name: 'HELOC 2.0 check',
      version: '1.0.0',
      created_at: '2024-07-20T10:00:00Z',
    });
    expect(p.parent).toEqual({ workflow_id: 'w1', version: '1.0.0', relation: 'REFINEMENT_OF' });
    expect(planSave({ doc, mode: 'copy', version: '1.0.0', name: 'n', saved: [], base: null, newId: 'w2', now }).parent).toBeNull();
  });
});

describe('proposedVersion', () => {
  it("bumps the highest saved version, or keeps the document's for a first save", () => {
    expect(proposedVersion('1.0.0', ['1.0.0', '1.0.10', '1.0.9'], 'patch')).toBe('1.0.11');
    expect(proposedVersion('1.0.0', ['1.0.1'], 'minor')).toBe('1.1.0');
    expect(proposedVersion('1.0.0', ['1.0.1'], 'major')).toBe('2.0.0');
    expect(proposedVersion('0.1.0', [], 'patch')).toBe('0.1.0');
    expect(proposedVersion(undefined, [], 'patch')).toBe('1.0.0');
  });
});

describe('defaultBump', () => {
  const base = containerWorkflow();
  const edited = (edit: (d: { asl: { StartAt: string; States: Record<string, Record<string, unknown>> } }) => void) => {
    const d = structuredClone(base) as unknown as { asl: { StartAt: string; States: Record<string, Record<string, unknown>> } };
    edit(d);
    return diffWorkflows(base, d);
  };

  it('proposes a minor bump when the graph changed: a state, a transition, a catcher, a type, the start', () => {
    expect(defaultBump(edited((d) => (d.asl.States.Extra = { Type: 'Pass', End: true })))).toBe('minor');
    expect(defaultBump(edited((d) => delete d.asl.States.Done))).toBe('minor');
    expect(defaultBump(edited((d) => (d.asl.States.Fetch!.Next = 'Each')))).toBe('minor');
    expect(defaultBump(edited((d) => (d.asl.States.Fetch!.Type = 'Wait')))).toBe('minor');
    expect(defaultBump(edited((d) => (d.asl.StartAt = 'Each')))).toBe('minor');
  });

  it('proposes a patch when only fields inside states or the document changed, or the base is not known', () => {
    expect(defaultBump(edited((d) => (d.asl.States.Fetch!.Comment = 'reads the call')))).toBe('patch');
    expect(defaultBump(edited((d) => (d.asl.States.Fan!.ResultPath = '$.other')))).toBe('patch');
    expect(defaultBump(diffWorkflows(base, { ...base, description: 'now with notes' }))).toBe('patch');
    expect(defaultBump(diffWorkflows(base, base))).toBe('patch');
    expect(defaultBump(null)).toBe('patch');
  });
});
