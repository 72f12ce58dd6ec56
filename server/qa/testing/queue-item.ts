import type { QaQueueItem } from '../../contracts/qa-view.ts';

/**
 * One queue item as list_qa_results / qa.list return it (server/qa/view.ts), for tests of what reads it. The
 * figures of record default to the AI's, as for a call no review has decided on; `over` sets any field.
 */
export function queueItemFixture(over: Partial<QaQueueItem> = {}): QaQueueItem {
  const base = {
    qa_result_id: '00000000-0000-4000-8000-000000000001',
    call_id: 'REC-88310',
    run_id: 'run-1',
    application_id: 'APP-49201',
    advisor: 'Alex Wong',
    team: 'Home Finance North',
    customer: 'Mrs Patel',
    product: 'HELOC 2.0',
    call_at: '2024-07-03T14:12:09.000Z',
    score: 58,
    max_score: 100,
    human_score: null,
    failed_mandatory: 1,
    rules_failed: 2,
    rules_passed: 7,
    failed_rule_ids: ['FCA-DISC-02', 'CD-01'],
    vulnerable: true,
    review_status: 'in_review' as const,
    overridden: false,
    workflow_id: 'wf-1',
    workflow_name: 'Standard Advice Call Analysis',
    workflow_version: '1.0.0',
    latest: true,
    run_finished_at: '2024-07-08T09:30:00.000Z',
    reviewed: false,
    reanalysed_after_signoff: false,
    pending_reanalysis_id: null,
    reanalysis_of: null,
    test_run: false,
    ...over,
  };
  return {
    score_source: 'ai',
    ai_score: base.score,
    ai_failed_mandatory: base.failed_mandatory,
    ai_failed_rule_ids: base.failed_rule_ids,
    ...base,
  };
}
