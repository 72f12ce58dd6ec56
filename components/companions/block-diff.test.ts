import { describe, expect, it } from 'vitest';
import { blockChange, parseJsonValue } from './block-diff';

describe('what a shared block revision changed', () => {
  it('delegation_log: the lines appended and the oldest dropped', () => {
    expect(blockChange('delegation_log', 'a\nb', 'a\nb\nc')).toEqual({ kind: 'lines', added: ['c'], removed: [] });
    expect(
      blockChange('delegation_log', '(2 earlier entries: read_session_activity)\nb\nc', '(3 earlier entries: read_session_activity)\nc\nd'),
    ).toEqual({
      kind: 'lines',
      added: ['(3 earlier entries: read_session_activity)', 'd'],
      removed: ['(2 earlier entries: read_session_activity)', 'b'],
    });
    expect(blockChange('delegation_log', null, 'first')).toEqual({ kind: 'lines', added: ['first'], removed: [] });
  });

  it('JSON blocks: a JSON diff; the first revision against nothing', () => {
    const change = blockChange('session_context', '{"active_tasks":{"t1":{}},"n":1}', '{"active_tasks":{},"n":2}');
    expect(change).toEqual({
      kind: 'json',
      entries: [
        { kind: 'removed', path: '/active_tasks/t1', before: {} },
        { kind: 'changed', path: '/n', before: 1, after: 2 },
      ],
    });
    expect(blockChange('strategist_guidelines', null, '{"revision":0}')).toEqual({
      kind: 'json',
      entries: [{ kind: 'added', path: '/revision', after: 0 }],
    });
  });

  it('a value that is not JSON is shown as text before and after', () => {
    expect(blockChange('session_context', '{"a":1}', 'hand-edited')).toEqual({ kind: 'text', before: '{"a":1}', after: 'hand-edited' });
    expect(parseJsonValue('')).toBeUndefined();
    expect(parseJsonValue('[1]')).toEqual([1]);
  });
});
