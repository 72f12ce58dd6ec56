import { describe, expect, it } from 'vitest';
import { choiceWorkflow, containerWorkflow, deepFreeze } from './__fixtures__/workflows';
import { connect, type ConnectHandle } from './connect';
import { disconnect, type EdgeRef } from './disconnect';
import { getAt } from './pointer-access';
import { toFlowGraph } from './to-flow-graph';

describe('connect', () => {
  it('sets Next and removes End', () => {
    const before = deepFreeze(containerWorkflow());
    const r = connect(before, '/asl/States/Fan/Branches/0/States/Left', { kind: 'next' }, 'Left');
    expect(r).toMatchObject({ ok: true, edgeId: '/asl/States/Fan/Branches/0/States/Left/Next' });
    expect(r.ok && getAt(r.doc, '/asl/States/Fan/Branches/0/States/Left')).toEqual({
      Type: 'Pass',
      Result: { side: 'left' },
      ResultPath: '$.left',
      Next: 'Left',
    });
    expect(getAt(before, '/asl/States/Fan/Branches/0/States/Left/End')).toBe(true);
  });

  it('sets a Choice Default and retargets an existing rule', () => {
    const doc = deepFreeze(choiceWorkflow());
    const d = connect(doc, '/asl/States/Check', { kind: 'default' }, 'Good');
    expect(d.ok && getAt(d.doc, '/asl/States/Check/Default')).toBe('Good');
    const c = connect(doc, '/asl/States/Check', { kind: 'choice', index: 2 }, 'Good');
    expect(c).toMatchObject({ ok: true, edgeId: '/asl/States/Check/Choices/2/Next' });
    expect(c.ok && getAt(c.doc, '/asl/States/Check/Choices/2')).toEqual({ Not: { Variable: '$.x', StringEquals: 'a' }, Next: 'Good' });
  });

  it('adds a rule on the first field of the Choice input, visible as a labelled edge', () => {
    const c = connect(deepFreeze(choiceWorkflow()), '/asl/States/Check', { kind: 'choice' }, 'Start');
    expect(c).toMatchObject({ ok: true, edgeId: '/asl/States/Check/Choices/3/Next' });
    if (!c.ok) return;
    expect(getAt(c.doc, '/asl/States/Check/Choices/3')).toEqual({ Variable: '$.advisor_name', IsPresent: true, Next: 'Start' });
    expect(toFlowGraph(c.doc).edges.find((e) => e.id === c.edgeId)).toMatchObject({
      kind: 'choice',
      index: 3,
      label: '$.advisor_name is present',
      target: '/asl/States/Start',
    });
  });

  it('starts a new rule with no Variable when the Choice input has no known field', () => {
    const doc = deepFreeze({ asl: { StartAt: 'C', States: { C: { Type: 'Choice', Choices: [], Default: 'E' }, E: { Type: 'Succeed' } } } });
    const c = connect(doc, '/asl/States/C', { kind: 'choice' }, 'E');
    expect(c.ok && getAt(c.doc, '/asl/States/C/Choices/0')).toEqual({ Variable: '', IsPresent: true, Next: 'E' });
  });

  it('adds catchers: a catch-all first, then specific ones before the catch-all', () => {
    const doc = deepFreeze({ asl: { StartAt: 'T', States: { T: { Type: 'Task', End: true }, F: { Type: 'Fail' } } } });
    const first = connect(doc, '/asl/States/T', { kind: 'catch' }, 'F');
    expect(first.ok && getAt(first.doc, '/asl/States/T/Catch')).toEqual([{ ErrorEquals: ['States.ALL'], Next: 'F' }]);
    if (!first.ok) return;
    const second = connect(first.doc, '/asl/States/T', { kind: 'catch' }, 'F');
    expect(second).toMatchObject({ ok: true, edgeId: '/asl/States/T/Catch/0/Next' });
    expect(second.ok && getAt(second.doc, '/asl/States/T/Catch')).toEqual([
      { ErrorEquals: ['States.TaskFailed'], Next: 'F' },
      { ErrorEquals: ['States.ALL'], Next: 'F' },
    ]);
    const explicit = connect(first.doc, '/asl/States/T', { kind: 'catch', errors: ['States.ALL'] }, 'F');
    expect(explicit).toMatchObject({ ok: true, edgeId: '/asl/States/T/Catch/1/Next' });
    const retarget = connect(first.doc, '/asl/States/T', { kind: 'catch', index: 0, errors: ['States.Timeout'] }, 'T');
    expect(retarget.ok && getAt(retarget.doc, '/asl/States/T/Catch')).toEqual([{ ErrorEquals: ['States.Timeout'], Next: 'T' }]);
  });

  it.each<[string, string, ConnectHandle, string, string]>([
    ['Next on a Choice', '/asl/States/Check', { kind: 'next' }, 'Good', 'not_allowed'],
    ['Next on a Succeed', '/asl/States/Good', { kind: 'next' }, 'Bad', 'not_allowed'],
    ['Default on a Task', '/asl/States/Start', { kind: 'default' }, 'Good', 'not_allowed'],
    ['a rule on a Task', '/asl/States/Start', { kind: 'choice' }, 'Good', 'not_allowed'],
    ['a catcher on a Choice', '/asl/States/Check', { kind: 'catch' }, 'Good', 'not_allowed'],
    ['a missing rule index', '/asl/States/Check', { kind: 'choice', index: 7 }, 'Good', 'invalid_value'],
    ['a fractional index', '/asl/States/Check', { kind: 'choice', index: 0.5 }, 'Good', 'invalid_value'],
    ['a catcher without errors', '/asl/States/Start', { kind: 'catch', errors: [] }, 'Good', 'invalid_value'],
    ['an unknown target', '/asl/States/Start', { kind: 'next' }, 'Nowhere', 'not_found'],
    ['an unknown source', '/asl/States/Nope', { kind: 'next' }, 'Good', 'not_found'],
  ])('refuses %s', (_what, source, handle, target, code) => {
    const r = connect(choiceWorkflow(), source, handle, target);
    expect(r.ok ? null : r.error.code).toBe(code);
  });

  it('refuses a target in another scope', () => {
    const r = connect(containerWorkflow(), '/asl/States/Fetch', { kind: 'next' }, 'Left');
    expect(r.ok ? null : r.error.code).toBe('other_scope');
    const out = connect(containerWorkflow(), '/asl/States/Fan/Branches/1/States/Right1', { kind: 'next' }, 'Done');
    expect(out.ok ? null : out.error.code).toBe('other_scope');
  });
});

describe('disconnect', () => {
  const doc = () => deepFreeze(choiceWorkflow());
  const edge = (id: string) => toFlowGraph(doc()).edges.find((e) => e.id === id)!;

  it('turns Next into End: true', () => {
    const r = disconnect(doc(), edge('/asl/States/Start/Next'));
    expect(r.ok && getAt(r.doc, '/asl/States/Start')).toMatchObject({ End: true });
    expect(r.ok && getAt(r.doc, '/asl/States/Start/Next')).toBeUndefined();
  });

  it('removes exactly the rule or catcher at the index, and Default', () => {
    const rule = disconnect(doc(), edge('/asl/States/Check/Choices/1/Next'));
    expect(rule.ok && (getAt(rule.doc, '/asl/States/Check/Choices') as unknown[]).map((r) => (r as { Next: string }).Next)).toEqual([
      'Good',
      'Bad',
    ]);
    expect(rule.ok && getAt(rule.doc, '/asl/States/Check/Choices/1')).toEqual({ Not: { Variable: '$.x', StringEquals: 'a' }, Next: 'Bad' });
    const catcher = disconnect(doc(), edge('/asl/States/Start/Catch/0/Next'));
    expect(catcher.ok && Object.keys(getAt(catcher.doc, '/asl/States/Start') as object)).toEqual([
      'Type',
      'AgentBinding',
      'ResultPath',
      'Next',
    ]);
    const fallback = disconnect(doc(), edge('/asl/States/Check/Default'));
    expect(fallback.ok && Object.keys(getAt(fallback.doc, '/asl/States/Check') as object)).toEqual(['Type', 'Choices']);
  });

  it('drops a stray Next on a Choice without adding End', () => {
    const r = disconnect(
      { asl: { StartAt: 'C', States: { C: { Type: 'Choice', Choices: [], Next: 'C' } } } },
      { source: '/asl/States/C', kind: 'next' },
    );
    expect(r.ok && getAt(r.doc, '/asl/States/C')).toEqual({ Type: 'Choice', Choices: [] });
  });

  it.each<[string, EdgeRef, string]>([
    ['a start edge', { source: '/asl#start', kind: 'start' }, 'not_allowed'],
    ['a missing Next', { source: '/asl/States/Good', kind: 'next' }, 'not_found'],
    ['a missing Default', { source: '/asl/States/Start', kind: 'default' }, 'not_found'],
    ['a rule index out of range', { source: '/asl/States/Check', kind: 'choice', index: 3 }, 'not_found'],
    ['a rule without an index', { source: '/asl/States/Check', kind: 'choice' }, 'not_found'],
    ['an unknown state', { source: '/asl/States/Nope', kind: 'next' }, 'not_found'],
  ])('refuses %s', (_what, ref, code) => {
    const r = disconnect(doc(), ref);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
});
