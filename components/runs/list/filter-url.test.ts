import { describe, expect, it } from 'vitest';
import { filterFromSearch, runListHref, searchOfFilter } from './filter-url';

const read = (qs: string) => filterFromSearch(new URLSearchParams(qs));

describe('run list filter ⇄ URL', () => {
  it('reads the catalog’s link', () => {
    expect(read('workflow_id=c4b1&version=1.0.0')).toEqual({ filter: { workflow_id: 'c4b1', version: '1.0.0' }, ignored: [] });
  });

  it('reads repeated and comma-separated statuses, in list order, once each', () => {
    expect(read('status=FAILED&status=running,TIMED_OUT&status=FAILED').filter).toEqual({ status: ['RUNNING', 'FAILED', 'TIMED_OUT'] });
  });

  it('leaves out and names values the filter schema refuses', () => {
    expect(read('status=DONE&started_after=yesterday&advisor=alex&version=')).toEqual({
      filter: { advisor: 'alex' },
      ignored: ['started_after', 'status'],
    });
  });

  it('round-trips every field', () => {
    const filter = {
      workflow_id: 'w 1',
      version: '1.0.0',
      status: ['RUNNING' as const, 'ABORTED' as const],
      started_after: '2024-06-30T22:00:00.000Z',
      started_before: '2024-07-07T22:00:00.000Z',
      advisor: 'Alex Wong',
    };
    const search = searchOfFilter(filter);
    expect(search).toBe(
      'workflow_id=w+1&version=1.0.0&started_after=2024-06-30T22%3A00%3A00.000Z&started_before=2024-07-07T22%3A00%3A00.000Z' +
        '&advisor=Alex+Wong&status=RUNNING&status=ABORTED',
    );
    expect(read(search)).toEqual({ filter, ignored: [] });
  });

  it('links to the plain list without a filter', () => {
    expect(runListHref({})).toBe('/runs');
    expect(runListHref({ advisor: ' ' })).toBe('/runs');
    expect(runListHref({ status: ['FAILED'] })).toBe('/runs?status=FAILED');
  });
});
