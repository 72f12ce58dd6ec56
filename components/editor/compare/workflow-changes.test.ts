import { describe, expect, it } from 'vitest';
import standard from '../../../workflows/standard-advice-call-analysis.json';
import healed from '../../../workflows/standard-advice-call-analysis-1.0.1.json';
import allCalls from '../../../workflows/standard-advice-call-analysis-all-calls.json';
import { stateLabel, workflowChanges } from './workflow-changes';

describe('workflowChanges', () => {
  it('a new version that swaps one skill: one state changed (its binding), the rest the same', () => {
    const c = workflowChanges(standard, healed);
    expect(c.added).toEqual([]);
    expect(c.removed).toEqual([]);
    expect(c.changed).toEqual([{ name: 'TranscribeRecording', fields: expect.arrayContaining(['AgentBinding']) as string[] }]);
    expect(c.unchanged).toBe(6);
    expect(c.fields.map((f) => f.field)).toContain('version');
    expect(c.none).toBe(false);
  });

  it('the all-calls refinement: states moved into the Map are removed and added (matched by pointer), nested ones labelled', () => {
    const c = workflowChanges(standard, allCalls);
    expect(c.added).toEqual(expect.arrayContaining(['AnalyseEachCall', 'AnalyseEachCall › TranscribeRecording', 'AggregateScore']));
    expect(c.added).toContain('AnalyseEachCall › ParallelAnalysis › SentimentAnalysis');
    expect(c.removed).toEqual(expect.arrayContaining(['TranscribeRecording', 'CalculateScore', 'ParallelAnalysis › ComplianceAnalysis']));
    expect(c.changed.map((s) => s.name)).toEqual(['GetCallRecordings']);
    // Every state of each side is accounted for: the parent's 7, the refinement's 9.
    expect(c.removed.length + c.changed.length + c.unchanged).toBe(7);
    expect(c.added.length + c.changed.length + c.unchanged).toBe(9);
  });

  it('the same document: no change at all; a missing parent document counts as empty', () => {
    expect(workflowChanges(standard, standard)).toMatchObject({ none: true, added: [], removed: [], changed: [], fields: [] });
    expect(workflowChanges(null, standard).added).toHaveLength(7);
  });
});

describe('stateLabel', () => {
  it.each([
    ['/asl/States/A', 'A', 'A'],
    ['/asl/States/P/Branches/0/States/B', 'B', 'P › B'],
    ['/asl/States/M/ItemProcessor/States/P/Branches/1/States/C', 'C', 'M › P › C'],
    ['/asl/States/States/Branches/0/States/a~1b', 'a/b', 'States › a/b'],
  ])('%s → %s', (pointer, name, label) => {
    expect(stateLabel(pointer, name)).toBe(label);
  });
});
