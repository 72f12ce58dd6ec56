import { describe, expect, it } from 'vitest';
import { pathSource, suggestPaths } from './path-sources';

const doc = {
  workflow_input_schema: {
    type: 'object',
    properties: {
      advisor_name: { type: 'string' },
      start_date: { type: 'string', format: 'date' },
      calls: { type: 'array', items: { type: 'object', properties: { uri: { type: 'string' } } } },
    },
  },
  asl: {
    StartAt: 'Prep',
    States: {
      Prep: { Type: 'Pass', InputPath: '$.calls', ResultPath: '$.prepared', Result: { ok: true }, OutputPath: '$.prepared', Next: 'Each' },
      Each: {
        Type: 'Map',
        ItemsPath: '$.list',
        ItemSelector: { 'u.$': '$$.Map.Item.Value.uri' },
        ItemProcessor: { StartAt: 'I', States: { I: { Type: 'Pass', End: true } } },
        End: true,
      },
    },
  },
};
const labels = (s: ReturnType<typeof suggestPaths>) => s.map((x) => x.label);

describe('pathSource', () => {
  it('reads the raw input, the input after InputPath, the result and what OutputPath filters', () => {
    const P = '/asl/States/Prep';
    expect(labels(suggestPaths(pathSource(doc, P, 'input'), '$.'))).toEqual(['advisor_name', 'start_date', 'calls']);
    expect(suggestPaths(pathSource(doc, P, 'selected'), '$[').map((s) => s.value)).toEqual(['$[0]', '$[*]']);
    expect(labels(suggestPaths(pathSource(doc, P, 'result'), '$.'))).toEqual(['ok']);
    expect(labels(suggestPaths(pathSource(doc, P, 'beforeOutput'), '$.'))).toEqual(['advisor_name', 'start_date', 'calls', 'prepared']);
  });
  it('offers the workflow input in the context object and the Map item in an ItemSelector', () => {
    const source = pathSource(doc, '/asl/States/Each', 'item');
    expect(labels(suggestPaths(source, '$$.'))).toEqual(['Execution', 'State', 'StateMachine', 'Task', 'Map']);
    expect(labels(suggestPaths(source, '$$.Execution.Input.'))).toEqual(['advisor_name', 'start_date', 'calls']);
  });
  it('knows nothing about a state that is not there', () => {
    expect(pathSource(doc, '/asl/States/Nope', 'input').shape).toEqual({ kind: 'unknown' });
  });
});

describe('suggestPaths', () => {
  const source = pathSource(doc, '/asl/States/Prep', 'input');
  it('describes each member by its kind and format, and filters by the typed fragment', () => {
    expect(suggestPaths(source, '$.st')).toEqual([{ value: '$.start_date', label: 'start_date', detail: 'string, date' }]);
  });
  it('does not suggest the text already typed', () => {
    expect(suggestPaths(source, '$.advisor_name')).toEqual([]);
  });
  it('offers intrinsic functions where they are allowed', () => {
    expect(suggestPaths(source, 'States.Arr', { intrinsics: true }).map((s) => s.value)).toContain('States.ArrayLength(');
    expect(suggestPaths(source, 'S', { intrinsics: true })).toHaveLength(12);
    expect(suggestPaths(source, 'States.Arr')).toEqual([]);
    expect(suggestPaths(source, 'States.Format(', { intrinsics: true })).toEqual([]);
    expect(suggestPaths(source, 'x', { intrinsics: true })).toEqual([]);
  });
});
