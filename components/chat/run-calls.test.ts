import { describe, expect, it } from 'vitest';
import type { QaQueueItem } from '@/components/qa/types';
import { queryFromSearch } from '@/components/qa/queue/queue-url';
import { queueItemFixture } from '@/server/qa/testing/queue-item';
import { runCallsComplete, runCallsInput, runQueueHref, runQueueSearch, sortRunCalls } from './run-calls';

const RUN = '2c4d248e-5819-4773-82f8-bb6972514a93';

/** One stored call of the run as qa.list returns it (server/qa/view.ts), with the fields the table reads. */
function call(callId: string, o: Partial<QaQueueItem> = {}): QaQueueItem {
  return queueItemFixture({
    qa_result_id: `qa-${callId}`,
    call_id: callId,
    run_id: RUN,
    application_id: 'APP-1',
    customer: null,
    call_at: '2024-07-02T10:05:00.000Z',
    score: 60,
    failed_mandatory: 0,
    rules_failed: 0,
    rules_passed: 20,
    failed_rule_ids: [],
    vulnerable: false,
    review_status: 'unreviewed',
    workflow_id: 'w',
    workflow_name: 'W',
    run_finished_at: '2024-07-08T09:00:00.000Z',
    ...o,
  });
}

const calls = [
  call('REC-88310', { score: 60, call_at: '2024-07-03T14:12:00.000Z', failed_mandatory: 7 }),
  call('REC-88342', { score: 29, call_at: '2024-07-02T10:05:00.000Z', failed_mandatory: 10, advisor: 'alex wong' }),
  call('REC-88377', { score: 94, call_at: '2024-07-04T11:30:00.000Z', vulnerable: true, advisor: 'Priya Shah' }),
  call('REC-88391', { score: null, call_at: null, advisor: 'Ben Carter' }),
];
const ids = (xs: QaQueueItem[]) => xs.map((x) => x.call_id);

describe('sortRunCalls', () => {
  it('by score, lowest first or highest first; a call without a score comes last either way', () => {
    expect(ids(sortRunCalls(calls, { by: 'score', dir: 'asc' }))).toEqual(['REC-88342', 'REC-88310', 'REC-88377', 'REC-88391']);
    expect(ids(sortRunCalls(calls, { by: 'score', dir: 'desc' }))).toEqual(['REC-88377', 'REC-88310', 'REC-88342', 'REC-88391']);
  });

  it('by call time, advisor (any case) and failed mandatory rules, ties by call id', () => {
    expect(ids(sortRunCalls(calls, { by: 'call_at', dir: 'desc' }))).toEqual(['REC-88377', 'REC-88310', 'REC-88342', 'REC-88391']);
    expect(ids(sortRunCalls(calls, { by: 'advisor', dir: 'asc' }))).toEqual(['REC-88310', 'REC-88342', 'REC-88391', 'REC-88377']);
    expect(ids(sortRunCalls(calls, { by: 'failed_mandatory', dir: 'desc' }))).toEqual(['REC-88342', 'REC-88310', 'REC-88377', 'REC-88391']);
  });

  it('leaves its input as it was', () => {
    const before = ids(calls);
    sortRunCalls(calls, { by: 'score', dir: 'desc' });
    expect(ids(calls)).toEqual(before);
  });
});

describe('the run’s calls in the QA store', () => {
  it('asks for every call the run analysed, even those a later run analysed again', () => {
    expect(runCallsInput(RUN)).toMatchObject({ filter: { run_id: RUN, include_earlier: true } });
  });

  it('links to the QA queue filtered to the run, lowest scores first; a call keeps that queue for its way back', () => {
    const href = runQueueHref(RUN);
    expect(href.startsWith('/qa?')).toBe(true);
    const { query, ignored } = queryFromSearch(new URL(href, 'http://x').searchParams);
    expect(ignored).toEqual([]);
    expect(query).toMatchObject({ filter: { run_id: RUN, include_earlier: true }, sort: { by: 'score', dir: 'asc' }, tab: 'queue' });
    expect(`/qa?${runQueueSearch(RUN)}`).toBe(href);
  });

  it('is complete once as many calls are stored as the run scored (at least one)', () => {
    expect(runCallsComplete(null, 4)).toBe(false);
    expect(runCallsComplete(3, 4)).toBe(false);
    expect(runCallsComplete(4, 4)).toBe(true);
    expect(runCallsComplete(0, 0)).toBe(false);
    expect(runCallsComplete(1, 0)).toBe(true);
  });
});
