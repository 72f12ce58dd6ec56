import { describe, expect, it } from 'vitest';
import { besideOwnError, bestTarget, findingsUnder, nodeFindings, within } from './state-findings';

const doc = {
  workflow_name: 'w',
  asl: {
    StartAt: 'P',
    States: {
      P: { Type: 'Parallel', Branches: [{ StartAt: 'A', States: { A: { Type: 'Pass', End: true } } }], End: true },
      T: { Type: 'Task', End: true },
    },
  },
};
const f = (path: string) => ({ path, message: path });

describe('nodeFindings', () => {
  const all = [
    f('/asl/States/P/Retry/0/ErrorEquals'),
    f('/asl/States/P/Branches/0/StartAt'),
    f('/asl/States/P/Branches/0/States/A/Next'),
    f('/asl/States/T/AgentBinding'),
    f('/workflow_id'),
    f('/asl/StartAt'),
  ];
  it("keeps a state's own findings and those of its lanes, not those of states inside them", () => {
    expect(nodeFindings(doc, all, '/asl/States/P').map((x) => x.path)).toEqual([
      '/asl/States/P/Retry/0/ErrorEquals',
      '/asl/States/P/Branches/0/StartAt',
    ]);
    expect(nodeFindings(doc, all, '/asl/States/T').map((x) => x.path)).toEqual(['/asl/States/T/AgentBinding']);
  });
  it('keeps the findings outside every node for the workflow', () => {
    expect(nodeFindings(doc, all, null).map((x) => x.path)).toEqual(['/workflow_id', '/asl/StartAt']);
  });
});

describe('findingsUnder', () => {
  const list = [f('/s/Catch'), f('/s/Catch/0'), f('/s/Catch/0/Next'), f('/s/Catch/0/Foo'), f('/s/Catcher'), f('/s/Catch/1/ErrorEquals/0')];
  it('takes the findings at a pointer and below it, on token boundaries', () => {
    expect(findingsUnder(list, '/s/Catch').map((x) => x.path)).toEqual([
      '/s/Catch',
      '/s/Catch/0',
      '/s/Catch/0/Next',
      '/s/Catch/0/Foo',
      '/s/Catch/1/ErrorEquals/0',
    ]);
  });
  it('leaves out members that show their own findings', () => {
    expect(findingsUnder(list, '/s/Catch/0', ['Next', 'ErrorEquals']).map((x) => x.path)).toEqual(['/s/Catch/0', '/s/Catch/0/Foo']);
    expect(findingsUnder(list, '/s/Catch', ['0', '1']).map((x) => x.path)).toEqual(['/s/Catch']);
  });
  it('escapes member names like pointer tokens', () => {
    expect(findingsUnder([f('/p/a~1b')], '/p', ['a/b'])).toEqual([]);
  });
});

describe('within and bestTarget', () => {
  it('respects token boundaries', () => {
    expect(within('/a/b', '/a')).toBe(true);
    expect(within('/a/bc', '/a/b')).toBe(false);
  });
  it('picks the deepest control containing the finding', () => {
    const controls = ['/s/Catch', '/s/Catch/0/Next', '/s/Comment'];
    expect(bestTarget(controls, '/s/Catch/0/Next')).toBe('/s/Catch/0/Next');
    expect(bestTarget(controls, '/s/Catch/0/ErrorEquals')).toBe('/s/Catch');
    expect(bestTarget(controls, '/s/Retry')).toBeNull();
    expect(bestTarget(controls, 'not a pointer')).toBeNull();
  });
});

describe('besideOwnError', () => {
  const list = [
    { path: '/s/InputPath', code: 'asl.invalid_path', message: 'bad' },
    { path: '/s/InputPath', code: 'asl.other', message: 'other' },
    { path: '/s/InputPath/x', code: 'asl.invalid_path', message: 'deeper' },
  ];
  it("drops the validator's bad-path report at the control when the control says it already", () => {
    expect(besideOwnError(list, '/s/InputPath', true).map((f) => f.message)).toEqual(['other', 'deeper']);
  });
  it('keeps everything when the control has no error of its own', () => {
    expect(besideOwnError(list, '/s/InputPath', false)).toBe(list);
  });
});

describe('nodeFindings agrees with pinFinding', () => {
  it('pins every finding of a nested document to the same node', async () => {
    const { pinFinding } = await import('../model/pin-finding');
    const nested = {
      asl: {
        StartAt: 'M',
        States: {
          M: {
            Type: 'Map',
            ItemProcessor: {
              StartAt: 'P',
              States: {
                P: {
                  Type: 'Parallel',
                  Branches: [{ StartAt: 'X', States: { X: { Type: 'Pass', End: true }, 'a/b': { Type: 'Pass', End: true } } }],
                  End: true,
                },
              },
            },
            End: true,
          },
          Broken: 'not an object',
        },
      },
    };
    const paths = [
      '/asl/States/M/ItemsPath',
      '/asl/States/M/ItemProcessor/StartAt',
      '/asl/States/M/ItemProcessor/States/P/Branches/0/States/X/End',
      '/asl/States/M/ItemProcessor/States/P/Branches/0/States/a~1b',
      '/asl/States/M/ItemProcessor/States/P/Branches/0/StartAt',
      '/asl/States/Broken',
      '/asl/StartAt',
    ];
    const all = paths.map(f);
    for (const node of [
      null,
      '/asl/States/M',
      '/asl/States/M/ItemProcessor/States/P',
      '/asl/States/M/ItemProcessor/States/P/Branches/0/States/X',
      '/asl/States/M/ItemProcessor/States/P/Branches/0/States/a~1b',
    ]) {
      const expected = paths.filter((p) => {
        const pin = pinFinding(nested, p).nodeId;
        const owner =
          pin !== null && /\/(Branches\/\d+|ItemProcessor|Iterator)$/.test(pin)
            ? pin.replace(/\/(Branches\/\d+|ItemProcessor|Iterator)$/, '')
            : pin;
        return owner === node;
      });
      expect(nodeFindings(nested, all, node).map((x) => x.path)).toEqual(expected);
    }
  });
});
