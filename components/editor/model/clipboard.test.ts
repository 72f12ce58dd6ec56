import { describe, expect, it } from 'vitest';
import { choiceWorkflow, containerWorkflow, deepFreeze, withRootStates } from './__fixtures__/workflows';
import { CLIPBOARD_FORMAT, copyStates, isClipboardPayload } from './clipboard';
import { pasteStates } from './paste-states';
import { getAt } from './pointer-access';
import { indexStates } from './state-index';

describe('copyStates', () => {
  it('copies states in document order, a container carrying its children', () => {
    const doc = deepFreeze(containerWorkflow());
    const payload = copyStates(doc, ['/asl/States/Done', '/asl/States/Fan/Branches/0/States/Left', '/asl/States/Fan', '/asl/States/Nope']);
    expect(payload.format).toBe(CLIPBOARD_FORMAT);
    expect(payload.states.map((s) => [s.name, s.scope])).toEqual([
      ['Fan', '/asl'],
      ['Done', '/asl'],
    ]);
    expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
    expect(isClipboardPayload(payload)).toBe(true);
  });

  it.each([
    ['null', null],
    ['another format', { format: 'x', states: [] }],
    ['a state that is not an object', { format: CLIPBOARD_FORMAT, states: [{ name: 'A', scope: '/asl', state: 1 }] }],
    ['a missing scope', { format: CLIPBOARD_FORMAT, states: [{ name: 'A', state: {} }] }],
  ])('rejects %s as a payload', (_what, value) => {
    expect(isClipboardPayload(value)).toBe(false);
  });
});

describe('pasteStates', () => {
  it('pastes with fresh names, remapping transitions among the pasted states and dropping the rest', () => {
    const doc = deepFreeze(choiceWorkflow());
    const payload = copyStates(doc, ['/asl/States/Start', '/asl/States/Check', '/asl/States/Good']);
    const r = pasteStates(doc, '/asl', payload);
    expect(r).toMatchObject({ ok: true, names: ['StartCopy', 'CheckCopy', 'GoodCopy'] });
    if (!r.ok) return;
    expect(getAt(r.doc, '/asl/States/StartCopy')).toEqual({
      Type: 'Task',
      AgentBinding: { agent_template_ref: { name: 'agent_template_worker', version: '1.0.0' }, skills: ['skill://scoring@1.1.0'] },
      ResultPath: '$.result',
      Next: 'CheckCopy',
    });
    expect(getAt(r.doc, '/asl/States/CheckCopy')).toEqual({
      Type: 'Choice',
      Choices: [
        { Variable: '$.score', NumericGreaterThanEquals: 80, Next: 'GoodCopy' },
        {
          And: [
            { Variable: '$.a', IsPresent: true },
            { Variable: '$.b', BooleanEquals: true },
          ],
          Next: 'GoodCopy',
        },
      ],
    });
    expect(getAt(r.doc, '/asl/StartAt')).toBe('Start');
    expect(Object.keys(getAt(doc, '/asl/States') as object)).toHaveLength(4);
  });

  it('renames the states inside pasted containers and keeps names unique', () => {
    const doc = deepFreeze(containerWorkflow());
    const r = pasteStates(doc, '/asl', copyStates(doc, ['/asl/States/Fan']));
    expect(r).toMatchObject({ ok: true, names: ['FanCopy'] });
    if (!r.ok) return;
    expect(getAt(r.doc, '/asl/States/FanCopy/Branches/1')).toEqual({
      StartAt: 'Right1Copy',
      States: {
        Right1Copy: { Type: 'Pass', Next: 'Right2Copy' },
        Right2Copy: getAt(doc, '/asl/States/Fan/Branches/1/States/Right2') as object,
      },
    });
    expect(getAt(r.doc, '/asl/States/FanCopy/End')).toBe(true);
    const names = indexStates(r.doc).tree.states.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('numbers further copies', () => {
    const doc = deepFreeze(withRootStates(choiceWorkflow(), { GoodCopy: { Type: 'Succeed' } }));
    const r = pasteStates(doc, '/asl', copyStates(doc, ['/asl/States/Good', '/asl/States/GoodCopy']));
    expect(r).toMatchObject({ ok: true, names: ['GoodCopy2', 'GoodCopyCopy'] });
  });

  it('keeps free names and starts an empty scope at the first pasted state', () => {
    const source = deepFreeze(choiceWorkflow());
    const r = pasteStates(deepFreeze({ asl: { States: {} } }), '/asl', copyStates(source, ['/asl/States/Good', '/asl/States/Bad']));
    expect(r.ok && r.doc).toEqual({
      asl: { StartAt: 'Good', States: { Good: { Type: 'Succeed' }, Bad: { Type: 'Fail', Error: 'Low', Cause: 'score too low' } } },
    });
  });

  it('does not join states copied from different scopes', () => {
    const doc = deepFreeze({
      asl: {
        StartAt: 'A',
        States: {
          A: { Type: 'Pass', Next: 'B' },
          B: {
            Type: 'Parallel',
            Branches: [{ StartAt: 'X', States: { X: { Type: 'Pass', Next: 'Y' }, Y: { Type: 'Succeed' } } }],
            End: true,
          },
        },
      },
    });
    const r = pasteStates(doc, '/asl/States/B/Branches/0', copyStates(doc, ['/asl/States/A', '/asl/States/B/Branches/0/States/X']));
    expect(r.ok && getAt(r.doc, '/asl/States/B/Branches/0/States')).toMatchObject({
      ACopy: { Type: 'Pass', End: true },
      XCopy: { Type: 'Pass', End: true },
    });
  });

  it.each([
    ['foreign JSON', '/asl', { hello: 1 }, 'invalid_value'],
    ['an unknown scope', '/asl/States/Nope/Branches/0', { format: CLIPBOARD_FORMAT, states: [] }, 'not_found'],
  ])('refuses %s', (_what, scope, payload, code) => {
    const r = pasteStates(choiceWorkflow(), scope, payload);
    expect(r.ok ? null : r.error.code).toBe(code);
  });

  it('refuses a scope whose States is not an object', () => {
    const doc = { asl: { StartAt: 'A', States: 'broken' } };
    const r = pasteStates(doc, '/asl', copyStates(choiceWorkflow(), ['/asl/States/Good']));
    expect(r.ok ? null : r.error.code).toBe('invalid_value');
  });
});
