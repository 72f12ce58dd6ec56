import { describe, expect, it } from 'vitest';
import { toFindings } from './findings';

describe('toFindings', () => {
  it('keys findings by what they say, errors first, repeats numbered', () => {
    const issue = { path: '/asl/States/A/Next', code: 'transition.target', message: 'no state Zed' };
    const f = toFindings([issue, issue], [{ path: '', code: 'w', message: 'm' }]);
    expect(f.map((x) => [x.severity, x.key])).toEqual([
      ['error', 'error|/asl/States/A/Next|transition.target|no state Zed'],
      ['error', 'error|/asl/States/A/Next|transition.target|no state Zed#1'],
      ['warning', 'warning||w|m'],
    ]);
  });
});
