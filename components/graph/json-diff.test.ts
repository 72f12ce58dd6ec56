import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffSummary, jsonDiff, previewJson } from './json-diff';

const workflow = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../workflows/${file}`, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('jsonDiff', () => {
  it('finds nothing between equal documents', () => {
    expect(jsonDiff({ a: [1, { b: null }], c: 'x' }, { a: [1, { b: null }], c: 'x' })).toEqual([]);
    expect(jsonDiff(3, 3)).toEqual([]);
  });

  it('reports changed leaves, added and removed members at JSON pointers, in document order', () => {
    expect(jsonDiff({ a: 1, b: { c: 'x', d: true }, e: 0 }, { a: 2, b: { c: 'x' }, f: [1] })).toEqual([
      { kind: 'changed', path: '/a', before: 1, after: 2 },
      { kind: 'removed', path: '/b/d', before: true },
      { kind: 'removed', path: '/e', before: 0 },
      { kind: 'added', path: '/f', after: [1] },
    ]);
  });

  it('compares arrays by position and reports extra or missing positions', () => {
    expect(jsonDiff({ s: ['a', 'b'] }, { s: ['z', 'b', 'c'] })).toEqual([
      { kind: 'changed', path: '/s/0', before: 'a', after: 'z' },
      { kind: 'added', path: '/s/2', after: 'c' },
    ]);
    expect(jsonDiff([1, 2], [1])).toEqual([{ kind: 'removed', path: '/1', before: 2 }]);
  });

  it('treats a change of type as one change of the whole value', () => {
    expect(jsonDiff({ x: { y: 1 } }, { x: [1] })).toEqual([{ kind: 'changed', path: '/x', before: { y: 1 }, after: [1] }]);
    expect(jsonDiff({ x: null }, { x: {} })).toEqual([{ kind: 'changed', path: '/x', before: null, after: {} }]);
    expect(jsonDiff({ x: 1 }, { x: '1' })).toEqual([{ kind: 'changed', path: '/x', before: 1, after: '1' }]);
  });

  it('escapes member names in paths (RFC 6901)', () => {
    expect(jsonDiff({ 'a/b': 1, 'c~d': 1 }, { 'a/b': 2, 'c~d': 2 }).map((e) => e.path)).toEqual(['/a~1b', '/c~0d']);
  });

  it('shows the swapped skill binding of spec §4.4 (standard workflow 1.0.0 → 1.0.1)', () => {
    const entries = jsonDiff(workflow('standard-advice-call-analysis.json'), workflow('standard-advice-call-analysis-1.0.1.json'));
    expect(entries).toContainEqual({
      kind: 'changed',
      path: '/asl/States/TranscribeRecording/AgentBinding/skills/0',
      before: 'skill://whisper-transcribe@1.0.0',
      after: 'skill://assemblyai-transcribe@1.2.0',
    });
    expect(entries).toContainEqual({ kind: 'changed', path: '/version', before: '1.0.0', after: '1.0.1' });
    expect(entries).toContainEqual({
      kind: 'added',
      path: '/asl/States/TranscribeRecording/Parameters/webhook_url.$',
      after: '$.webhook_url',
    });
    expect(entries).toContainEqual({
      kind: 'added',
      path: '/asl/States/TranscribeRecording/AgentBinding/agent_template_ref/version',
      after: '1.0.0',
    });
    expect(diffSummary(entries).removed).toBe(0);
  });
});

describe('diffSummary and previewJson', () => {
  it('counts entries by kind', () => {
    expect(diffSummary(jsonDiff({ a: 1, b: 2 }, { a: 3, c: 4 }))).toEqual({ changed: 1, added: 1, removed: 1 });
  });
  it('shows compact JSON and cuts long values', () => {
    expect(previewJson({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    expect(previewJson('x'.repeat(50), 10)).toBe('"xxxxxxxx…');
    expect(previewJson(undefined)).toBe('undefined');
  });
});
