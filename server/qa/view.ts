import type { QaDetail } from './detail.ts';
import type { listQaPage } from './query.ts';

/**
 * QA results as every transport shows them (tools over MCP, tRPC, CLI): snake_case fields, times
 * as ISO 8601 instants. `call_at` is the recording's time (the data's clock); `run_finished_at`
 * and review times are the console's clock.
 */
type QueueRow = Awaited<ReturnType<typeof listQaPage>>['items'][number];
const iso = (t: string | null) => (t === null ? null : new Date(t.includes('T') ? t : t.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString());

export function queueItemView(r: QueueRow) {
  return {
    qa_result_id: r.id, call_id: r.callId, run_id: r.runId, application_id: r.applicationId,
    advisor: r.advisor, team: r.team, customer: r.customer, product: r.product, call_at: iso(r.callAt),
    score: r.score, max_score: r.maxScore, human_score: r.humanScore,
    failed_mandatory: r.failedMandatory, rules_failed: r.rulesFailed, rules_passed: r.rulesPassed, failed_rule_ids: r.failedRuleIds,
    vulnerable: r.vulnerable, review_status: r.reviewStatus, overridden: r.overridden,
    workflow_id: r.workflowId, workflow_name: r.workflowName, workflow_version: r.workflowVersion,
    latest: r.latest, run_finished_at: iso(r.runFinishedAt)!,
  };
}
export type QaQueueItem = ReturnType<typeof queueItemView>;

export function detailView(d: QaDetail) {
  const r = d.result;
  return {
    ...queueItemView(r),
    duration_s: r.durationS,
    score_detail: r.scoreDetail,
    verdicts: r.verdicts,
    sentiment: r.sentiment,
    flags: { vulnerable: r.vulnerable, confused: r.confused, anxious: r.anxious },
    transcript: r.transcript,
    provenance: r.provenance,
    review: {
      status: d.review.status, overridden: d.review.overridden, human_score: d.review.humanScore,
      mandatory_override: d.review.mandatoryOverride, sign_offs_needed: d.review.signOffsNeeded,
      sign_offs: d.review.signOffs.map((s) => ({ by: s.by, at: iso(s.at)! })),
      rules: Object.fromEntries(Object.entries(d.review.rules).map(([k, v]) => [k, { ...v, at: iso(v.at)! }])),
      score: d.review.score && { ...d.review.score, at: iso(d.review.score.at)! },
      actions: d.actions.map((a) => ({
        id: a.id, kind: a.kind, by: a.userLabel, role: a.role, rule_id: a.ruleId, mandatory: a.mandatory, decision: a.decision,
        ai_verdict: a.aiVerdict, human_verdict: a.humanVerdict, ai_score: a.aiScore, human_score: a.humanScore,
        skill: a.skill, reason: a.reason, comment: a.comment, at: iso(a.createdAt)!,
      })),
    },
    other_analyses: d.otherAnalyses.map((o) => ({
      qa_result_id: o.id, run_id: o.runId, run_finished_at: iso(o.runFinishedAt)!, score: o.score,
      workflow_version: o.workflowVersion, latest: o.latest, review_status: o.reviewStatus,
    })),
  };
}
export type QaDetailView = ReturnType<typeof detailView>;
