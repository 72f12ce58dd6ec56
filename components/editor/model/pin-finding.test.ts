import { describe, expect, it } from 'vitest';
import { containerWorkflow } from './__fixtures__/workflows';
import { pinFinding, pinFindings, type FindingPin } from './pin-finding';

const doc = {
  ...containerWorkflow(),
  asl: {
    StartAt: 'A',
    States: {
      A: { Type: 'Task', Parameters: { States: { 'x.$': '$.y' } }, Catch: [{ ErrorEquals: ['X'], Next: 'Nope' }], Next: 'P' },
      P: { Type: 'Parallel', Branches: [{ StartAt: 'In', States: { In: { Type: 'Pass', End: true } } }], End: true },
      'a/b': { Type: 'Succeed' },
      Broken: 'not a state',
    },
  },
};

describe('pinFinding', () => {
  it.each<[string, FindingPin]>([
    ['/asl/States/A/Catch/0/Next', { nodeId: '/asl/States/A', field: 'Catch', subPath: '/0/Next' }],
    ['/asl/States/A', { nodeId: '/asl/States/A', field: null, subPath: '' }],
    ['/asl/States/A/Next', { nodeId: '/asl/States/A', field: 'Next', subPath: '' }],
    ['/asl/States/A/Parameters/States/x.$', { nodeId: '/asl/States/A', field: 'Parameters', subPath: '/States/x.$' }],
    ['/asl/States/P/Branches/0/States/In/End', { nodeId: '/asl/States/P/Branches/0/States/In', field: 'End', subPath: '' }],
    ['/asl/States/P/Branches/0/StartAt', { nodeId: '/asl/States/P/Branches/0', field: 'StartAt', subPath: '' }],
    ['/asl/States/P/Branches/3', { nodeId: '/asl/States/P', field: 'Branches', subPath: '/3' }],
    ['/asl/States/a~1b/Type', { nodeId: '/asl/States/a~1b', field: 'Type', subPath: '' }],
    ['/asl/States/Broken', { nodeId: null, field: 'asl', subPath: '/States/Broken' }],
    ['/asl/StartAt', { nodeId: null, field: 'asl', subPath: '/StartAt' }],
    ['/workflow_id', { nodeId: null, field: 'workflow_id', subPath: '' }],
    ['/skill_imports/2/uri', { nodeId: null, field: 'skill_imports', subPath: '/2/uri' }],
    ['', { nodeId: null, field: null, subPath: '' }],
    ['not a pointer', { nodeId: null, field: null, subPath: 'not a pointer' }],
  ])('%s', (pointer, expected) => {
    expect(pinFinding(doc, pointer)).toEqual(expected);
  });

  it('pins many findings in one reading, and tolerates any document', () => {
    expect(pinFindings(doc, ['/asl/States/A/Type', '/version']).map((p) => p.nodeId)).toEqual(['/asl/States/A', null]);
    expect(pinFinding(null, '/asl/States/A')).toEqual({ nodeId: null, field: 'asl', subPath: '/States/A' });
  });
});
