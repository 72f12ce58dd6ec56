import type { CarryNote, QaProvenance, QaReviewStatus, QaScoreDetail, QaSentiment, QaTranscript, QaVerdict } from '../../lib/qa-record.ts';
import type { QaAnalyses, ReviewedScoreDetail, ReviewedVerdict } from '../../lib/qa-record.ts';

/**
 * QA results as every transport shows them (tools over MCP, tRPC, CLI) and the QA pages read them: snake_case
 * fields, times as ISO 8601 instants. Built by server/qa/view.ts (queueItemView, detailView), whose return types
 * these are: the compiler keeps the two the same. Object types, not interfaces: the tools' output schemas declare
 * their items as plain records (Record<string, unknown>), which an interface does not fit.
 */

/** One row of the QA queue. `score` and the failed-rule figures are the figures of record (`score_source` says whose). */
export type QaQueueItem = {
  qa_result_id: string;
  call_id: string;
  run_id: string;
  application_id: string | null;
  advisor: string | null;
  team: string | null;
  customer: string | null;
  product: string | null;
  call_at: string | null;
  score: number | null;
  score_source: 'review' | 'ai';
  ai_score: number | null;
  max_score: number | null;
  human_score: number | null;
  failed_mandatory: number;
  ai_failed_mandatory: number;
  rules_failed: number;
  rules_passed: number;
  failed_rule_ids: string[];
  ai_failed_rule_ids: string[];
  reviewed: boolean;
  vulnerable: boolean;
  review_status: QaReviewStatus;
  overridden: boolean;
  workflow_id: string;
  workflow_name: string;
  workflow_version: string;
  latest: boolean;
  run_finished_at: string;
  reanalysed_after_signoff: boolean;
  pending_reanalysis_id: string | null;
  reanalysis_of: string | null;
  test_run: boolean;
};

/** One figure where a later analysis differs from the signed record: a rule's verdict, or the score. */
export type ReanalysisDifference = {
  rule_id: string | null;
  rule: string | null;
  mandatory: boolean;
  /** The signed record's (as reviewed) and the later analysis's (the AI's) value. */
  signed: string | null;
  later: string | null;
};

/** One human review action on a QA result, as the call's detail lists them. */
export type QaReviewActionView = {
  id: string;
  kind: 'score' | 'rule' | 'comment' | 'sign_off' | 'reanalysis';
  by: string;
  role: string;
  rule_id: string | null;
  mandatory: boolean;
  decision: 'agree' | 'override' | null;
  ai_verdict: string | null;
  human_verdict: string | null;
  ai_score: number | null;
  human_score: number | null;
  skill: string | null;
  reason: string | null;
  comment: string | null;
  at: string;
  carried_from: string | null;
  subject_qa_result_id: string | null;
};

/** A call's QA result with its transcript, review and other analyses: the queue row's figures and the rest. */
export type QaDetailView = QaQueueItem & {
  duration_s: number | null;
  score_detail: QaScoreDetail | null;
  reviewed_score: number | null;
  reviewed_score_detail: ReviewedScoreDetail | null;
  reviewed_verdicts: ReviewedVerdict[] | null;
  carry_notes: CarryNote[];
  verdicts: QaVerdict[];
  sentiment: QaSentiment | null;
  flags: { vulnerable: boolean; confused: boolean; anxious: boolean };
  transcript: QaTranscript;
  provenance: QaProvenance;
  /** Results of kept analysis functions with no field of their own, by role (QaRecordInput.analyses); {} when none. */
  analyses: QaAnalyses;
  review: {
    status: QaReviewStatus;
    overridden: boolean;
    human_score: number | null;
    mandatory_override: boolean;
    sign_offs_needed: number;
    sign_offs: { by: string; at: string }[];
    /** The current human decision per rule id (its newest action). */
    rules: { [ruleId: string]: { at: string; decision: string; verdict: string | null; reason: string | null; by: string } };
    score: { at: string; decision: string; score: number | null; reason: string | null; by: string } | null;
    actions: QaReviewActionView[];
  };
  other_analyses: {
    qa_result_id: string;
    run_id: string;
    run_finished_at: string;
    score: number | null;
    workflow_version: string;
    latest: boolean;
    review_status: string;
    reanalysis_of: string | null;
    test_run: boolean;
  }[];
  reanalysis: {
    qa_result_id: string;
    run_id: string;
    run_finished_at: string;
    workflow_version: string;
    ai_score: number | null;
    differences: ReanalysisDifference[];
  } | null;
};
