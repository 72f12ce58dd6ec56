import { describe, expect, it } from 'vitest';
import { downloadName } from './download-json';

describe('downloadName', () => {
  it('names the file after the workflow and its version', () => {
    expect(downloadName({ workflow_name: 'Standard Advice Call Analysis (all calls)', version: '1.0.0' })).toBe(
      'standard-advice-call-analysis-all-calls-1.0.0.json',
    );
    expect(downloadName({ workflow_name: '  ', version: 'x/y' })).toBe('workflow.json');
    expect(downloadName({})).toBe('workflow.json');
  });
});
