import { describe, expect, it } from 'vitest';
import { workflowOptions } from './workflow-options';

describe('workflowOptions', () => {
  const saved = [
    { workflowId: 'w1', version: '1.0.0', name: 'Standard' },
    { workflowId: 'w1', version: '1.10.0', name: 'Standard' },
    { workflowId: 'w1', version: '1.2.0', name: 'Standard' },
    { workflowId: 'w2', version: '1.0.0', name: 'All calls' },
  ];

  it('groups saved versions by workflow, highest version first, workflows by name', () => {
    expect(workflowOptions(saved, [], {})).toEqual([
      { workflowId: 'w2', name: 'All calls', versions: ['1.0.0'] },
      { workflowId: 'w1', name: 'Standard', versions: ['1.10.0', '1.2.0', '1.0.0'] },
    ]);
  });

  it('adds workflows and versions seen only in runs', () => {
    const runs = [
      { workflow_id: 'w1', workflow_version: '0.9.0', workflow_name: 'Standard' },
      { workflow_id: 'tmp', workflow_version: '0.1.0', workflow_name: 'Scratch' },
    ];
    const options = workflowOptions(saved, runs, {});
    expect(options.map((o) => o.name)).toEqual(['All calls', 'Scratch', 'Standard']);
    expect(options.find((o) => o.workflowId === 'w1')!.versions.at(-1)).toBe('0.9.0');
  });

  it('keeps the workflow and version a link names even when nothing else knows them', () => {
    expect(workflowOptions([], [], { workflow_id: 'gone', version: '3.0.0' })).toEqual([
      { workflowId: 'gone', name: 'gone', versions: ['3.0.0'] },
    ]);
  });
});
