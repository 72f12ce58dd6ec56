import { describe, expect, it } from 'vitest';
import { parsePath } from '@/server/engine/paths/parse-path';
import { completePath } from './complete-path';
import { contextShape } from './context-shape';
import { UNKNOWN, arrayShape, objectShape, type Shape } from './shape';

const S: Shape = { kind: 'string' };
const envelope = (data: Shape) => objectShape({ ok: { kind: 'boolean' }, summary: S, data });
const input = objectShape({
  advisor_name: S,
  start_date: { kind: 'string', format: 'date' },
  transcript: envelope(objectShape({ text: S, language: S, segments: arrayShape(objectShape({ text: S })) })),
  analysis: arrayShape(UNKNOWN, [objectShape({ sentiment: S }), objectShape({ compliance: S })]),
  'odd name': S,
  "it's": S,
});
const paths = (partial: string, context?: Shape) => completePath(input, partial, context ? { context } : {}).map((s) => s.path);

describe('completePath', () => {
  it.each<[string, string[]]>([
    ['', ['$.advisor_name', '$.start_date', '$.transcript', '$.analysis', "$['odd name']", "$['it\\'s']"]],
    ['$', ['$.advisor_name', '$.start_date', '$.transcript', '$.analysis', "$['odd name']", "$['it\\'s']"]],
    ['$.', ['$.advisor_name', '$.start_date', '$.transcript', '$.analysis', "$['odd name']", "$['it\\'s']"]],
    ['$.adv', ['$.advisor_name']],
    ['$.ADV', ['$.advisor_name']],
    ['$.a', ['$.advisor_name', '$.analysis', '$.start_date', '$.transcript', "$['odd name']"]],
    ['$.transcript.', ['$.transcript.ok', '$.transcript.summary', '$.transcript.data']],
    ['$.transcript.data.t', ['$.transcript.data.text', '$.transcript.data.segments']],
    ['$.transcript.data.te', ['$.transcript.data.text']],
    ['$.transcript.data.segments[', ['$.transcript.data.segments[0]', '$.transcript.data.segments[*]']],
    ['$.transcript.data.segments[0].', ['$.transcript.data.segments[0].text']],
    ['$.transcript.data.segments[0]', ['$.transcript.data.segments[0].text']],
    ['$.transcript.data.segments[*].te', ['$.transcript.data.segments[*].text']],
    ['$.analysis[', ['$.analysis[0]', '$.analysis[1]', '$.analysis[*]']],
    ['$.analysis[1', ['$.analysis[1]']],
    ['$.analysis[1].', ['$.analysis[1].compliance']],
    ["$['", ["$['advisor_name']", "$['start_date']", "$['transcript']", "$['analysis']", "$['odd name']", "$['it\\'s']"]],
    ["$['odd", ["$['odd name']"]],
    ['$.advisor_name.', []],
    ['$.nothing.', []],
    ['$.transcript..', []],
    ['advisor', []],
    ['$[?(', []],
  ])('%j', (partial, expected) => {
    expect(paths(partial)).toEqual(expected);
  });

  it('describes what each suggestion is', () => {
    expect(completePath(input, '$.st')).toEqual([{ path: '$.start_date', label: 'start_date', kind: 'string', format: 'date' }]);
    expect(completePath(input, '$.tr')).toEqual([{ path: '$.transcript', label: 'transcript', kind: 'object' }]);
  });

  it('completes the context object, with Map.Item when given', () => {
    expect(paths('$$.')).toEqual(['$$.Execution', '$$.State', '$$.StateMachine', '$$.Task']);
    expect(paths('$$.Map.Item.', contextShape(UNKNOWN, objectShape({ uri: S })))).toEqual(['$$.Map.Item.Index', '$$.Map.Item.Value']);
    expect(paths('$$.Map.Item.Value.', contextShape(UNKNOWN, objectShape({ uri: S })))).toEqual(['$$.Map.Item.Value.uri']);
    expect(paths('$$.Execution.Input.adv', contextShape(input))).toEqual(['$$.Execution.Input.advisor_name']);
  });

  it('offers only paths the engine parses', () => {
    for (const partial of ['', '$.transcript.', "$['", '$.analysis[', '$$.']) {
      for (const s of completePath(input, partial)) expect(parsePath(s.path).ok, s.path).toBe(true);
    }
  });
});
