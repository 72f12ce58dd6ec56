import { describe, expect, it } from 'vitest';
import { describeFilter, isEmptyFilter, normalizeFilter, patchFilter, sameFilter } from './run-filter';
import { dayEndIso, dayStartIso } from './day-bounds';

describe('normalizeFilter', () => {
  it('drops blank fields and orders statuses as the list does', () => {
    expect(normalizeFilter({ workflow_id: ' ', version: '', advisor: '  alex ', status: ['ABORTED', 'RUNNING'] })).toEqual({
      advisor: 'alex',
      status: ['RUNNING', 'ABORTED'],
    });
    expect(normalizeFilter({ status: [] as never })).toEqual({});
  });
});

describe('patchFilter', () => {
  it('sets and clears fields', () => {
    expect(patchFilter({ advisor: 'a' }, { status: ['FAILED'] })).toEqual({ advisor: 'a', status: ['FAILED'] });
    expect(patchFilter({ advisor: 'a', status: ['FAILED'] }, { advisor: undefined })).toEqual({ status: ['FAILED'] });
  });
  it('clears the version when another workflow is chosen, unless the patch names one', () => {
    expect(patchFilter({ workflow_id: 'w1', version: '1.0.0' }, { workflow_id: 'w2' })).toEqual({ workflow_id: 'w2' });
    expect(patchFilter({ workflow_id: 'w1', version: '1.0.0' }, { workflow_id: undefined })).toEqual({});
    expect(patchFilter({ workflow_id: 'w1', version: '1.0.0' }, { workflow_id: 'w2', version: '2.0.0' })).toEqual({
      workflow_id: 'w2',
      version: '2.0.0',
    });
    expect(patchFilter({ workflow_id: 'w1', version: '1.0.0' }, { workflow_id: 'w1' })).toEqual({ workflow_id: 'w1', version: '1.0.0' });
  });
});

describe('sameFilter / isEmptyFilter', () => {
  it('ignores status order and blank fields', () => {
    expect(sameFilter({ status: ['FAILED', 'RUNNING'], advisor: '' }, { status: ['RUNNING', 'FAILED'] })).toBe(true);
    expect(sameFilter({ status: ['FAILED'] }, { status: ['FAILED'], advisor: 'x' })).toBe(false);
    expect(isEmptyFilter({ advisor: ' ' })).toBe(true);
    expect(isEmptyFilter({ version: '1' })).toBe(false);
  });
});

describe('describeFilter', () => {
  it('says what a filter asks for, with workflow names where known', () => {
    const f = { workflow_id: 'w1', version: '1.0.0', status: ['FAILED', 'TIMED_OUT'] as const, advisor: 'alex' };
    expect(describeFilter({ ...f, status: [...f.status] }, (id) => (id === 'w1' ? 'Standard' : undefined))).toBe(
      'Standard v1.0.0 · FAILED or TIMED_OUT · advisor “alex”',
    );
    expect(describeFilter({ workflow_id: 'w9', status: ['RUNNING', 'FAILED', 'ABORTED'] })).toBe('w9 · RUNNING, FAILED or ABORTED');
    expect(describeFilter({ version: '2.0.0' })).toBe('version 2.0.0');
    expect(describeFilter({})).toBe('All runs');
  });
  it('names the calendar days of the time window', () => {
    expect(describeFilter({ started_after: dayStartIso('2024-07-01'), started_before: dayEndIso('2024-07-07') })).toBe(
      '2024-07-01 to 2024-07-07',
    );
    expect(describeFilter({ started_after: dayStartIso('2024-07-01'), started_before: dayEndIso('2024-07-01') })).toBe('on 2024-07-01');
    expect(describeFilter({ started_after: dayStartIso('2024-07-01') })).toBe('from 2024-07-01');
    expect(describeFilter({ started_before: dayEndIso('2024-07-07') })).toBe('until 2024-07-07');
  });
});
