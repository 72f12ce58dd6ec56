import type { QaDetailView, QaQueueItem } from '../contracts/qa-view.ts';
import type { QaResultRow } from '../db/schema/index.ts';
import type { QaDetail } from './detail.ts';
import type { listQaPage } from './query.ts';
import { isoInstant } from '../db/rows.ts';

/**
 * QA results as every transport shows them (tools over MCP, tRPC, CLI; the shapes: server/contracts/qa-view.ts): snake_case fields, times
 * as ISO 8601 instants. `call_at` is the recording's time (the data's clock); `run_finished_at`
 * and review times are the console's clock.
 *
 * The figures are the figures of record (issue 28): `score`, `failed_mandatory`, `failed_rule_ids`, `rules_failed`
 * and `rules_passed` are the reviewed ones where a review decided, the AI's otherwise; `score_source` says which the
 * score is, and `ai_score`, `ai_failed_mandatory`, `ai_failed_rule_ids` keep the AI's beside them.
 */
type QueueRow = Awaited<ReturnType<typeof listQaPage>>['items'][number];

export function queueItemView(r: QueueRow): QaQueueItem {
  return {
    qa_result_id: r.id,
    call_id: r.callId,
    run_id: r.runId,
    application_id: r.applicationId,
    advisor: r.advisor,
    team: r.team,
    customer: r.customer,
    product: r.product,
    call_at: isoInstant(r.callAt),
    score: r.score,
    score_source: (r.scoreReviewed ? 'review' : 'ai') as 'review' | 'ai',
    ai_score: r.aiScore,
    max_score: r.maxScore,
    human_score: r.humanScore,
    failed_mandatory: r.failedMandatory,
    ai_failed_mandatory: r.aiFailedMandatory,
    rules_failed: r.rulesFailed,
    rules_passed: r.rulesPassed,
    failed_rule_ids: r.failedRuleIds,
    ai_failed_rule_ids: r.aiFailedRuleIds,
    reviewed: r.reviewed,
    vulnerable: r.vulnerable,
    review_status: r.reviewStatus,
    overridden: r.overridden,
    workflow_id: r.workflowId,
    workflow_name: r.workflowName,
    workflow_version: r.workflowVersion,
    latest: r.latest,
    run_finished_at: isoInstant(r.runFinishedAt)!,
    reanalysed_after_signoff: r.pendingReanalysisId !== null,
    pending_reanalysis_id: r.pendingReanalysisId,
    reanalysis_of: r.reanalysisOf,
    test_run: r.testRun,
  };
}

/** A stored row in the queue's shape (the call detail shows the same figures as its queue row). */
const asQueueRow = (r: QaResultRow): QueueRow => ({
  ...r,
  score: r.recordScore,
  aiScore: r.score,
  failedMandatory: r.recordFailedMandatory,
  aiFailedMandatory: r.failedMandatory,
  rulesFailed: r.recordRulesFailed,
  rulesPassed: r.recordRulesPassed,
  failedRuleIds: r.recordFailedRuleIds,
  aiFailedRuleIds: r.failedRuleIds,
  reviewed: r.reviewedVerdicts !== null,
});

export function detailView(d: QaDetail): QaDetailView {
  const r = d.result;
  return {
    ...queueItemView(asQueueRow(r)),
    duration_s: r.durationS,
    score_detail: r.scoreDetail,
    reviewed_score: r.reviewedScore,
    reviewed_score_detail: r.reviewedScoreDetail,
    reviewed_verdicts: r.reviewedVerdicts,
    carry_notes: r.carryNotes ?? [],
    verdicts: r.verdicts,
    sentiment: r.sentiment,
    flags: { vulnerable: r.vulnerable, confused: r.confused, anxious: r.anxious },
    transcript: r.transcript,
    provenance: r.provenance,
    analyses: r.analyses,
    review: {
      status: d.review.status,
      overridden: d.review.overridden,
      human_score: d.review.humanScore,
      mandatory_override: d.review.mandatoryOverride,
      sign_offs_needed: d.review.signOffsNeeded,
      sign_offs: d.review.signOffs.map((s) => ({ by: s.by, at: isoInstant(s.at)! })),
      rules: Object.fromEntries(Object.entries(d.review.rules).map(([k, v]) => [k, { ...v, at: isoInstant(v.at)! }])),
      score: d.review.score && { ...d.review.score, at: isoInstant(d.review.score.at)! },
      actions: d.actions.map((a) => ({
        id: a.id,
        kind: a.kind,
        by: a.userLabel,
        role: a.role,
        rule_id: a.ruleId,
        mandatory: a.mandatory,
        decision: a.decision,
        ai_verdict: a.aiVerdict,
        human_verdict: a.humanVerdict,
        ai_score: a.aiScore,
        human_score: a.humanScore,
        skill: a.skill,
        reason: a.reason,
        comment: a.comment,
        at: isoInstant(a.createdAt)!,
        carried_from: a.carriedFrom,
        subject_qa_result_id: a.subjectQaResultId,
      })),
    },
    other_analyses: d.otherAnalyses.map((o) => ({
      qa_result_id: o.id,
      run_id: o.runId,
      run_finished_at: isoInstant(o.runFinishedAt)!,
      score: o.score,
      workflow_version: o.workflowVersion,
      latest: o.latest,
      review_status: o.reviewStatus,
      reanalysis_of: o.reanalysisOf,
      test_run: o.testRun,
    })),
    reanalysis: d.reanalysis && {
      qa_result_id: d.reanalysis.id,
      run_id: d.reanalysis.runId,
      run_finished_at: isoInstant(d.reanalysis.runFinishedAt)!,
      workflow_version: d.reanalysis.workflowVersion,
      ai_score: d.reanalysis.score,
      differences: d.reanalysis.differences,
    },
  };
}
