/**
 * The shape of one analysed call's QA result as the store keeps it (server/db/schema/qa.ts).
 * Snake-case fields inside the JSON documents follow the skills' outputs they are copied from.
 * In lib/ (moved from server/contracts, issue 31): pure types the qa_results columns and the QA pages both hold, so
 * the database adapter needs no import from contracts, which sit above it.
 */

import type { RecordedPart } from './analysis/index.ts';

/** One speaker turn; `start`/`end` are character offsets in the transcript `text`. */
export interface QaTurn {
  speaker: string | null;
  text: string;
  start_s: number | null;
  end_s: number | null;
  start: number;
  end: number;
}

export interface QaTranscript {
  /** The transcription's text (turns joined by one space). */
  text: string;
  turns: QaTurn[];
  language: string | null;
  /**
   * The recording the transcription was made from (its `recording_uri` input): what the call page's
   * player loads through the recording store. Absent on results stored before issue 34.
   */
  recording_uri?: string | null;
}

/** Where a verdict's evidence is in the transcript: offsets, the turn it falls in, and its times. */
export interface QaEvidence {
  quote: string;
  start: number;
  end: number;
  turn: number;
  start_s: number | null;
  end_s: number | null;
}

export type QaVerdictValue = 'pass' | 'fail' | 'not_applicable';

export interface QaVerdict {
  rule_id: string;
  rule: string;
  category: string | null;
  mandatory: boolean;
  verdict: QaVerdictValue;
  rationale: string | null;
  /** The quoted sentence located in the transcript; null when nothing could be quoted. */
  evidence: QaEvidence | null;
  /** The quote as the compliance skill returned it, kept even when it is not in the transcript. */
  quote: string | null;
}

/** Why the score is below the sum of its parts: the cap a failed category imposed. */
export interface QaCap {
  value: number;
  categories: string[];
  rule_ids: string[];
}

export interface QaScoreDetail {
  formula_id: string | null;
  breakdown: Record<string, number>;
  /** Sum of the breakdown, rounded as the formula rounds (to a whole number). */
  breakdown_total: number;
  /** Set exactly when the cap changed the score (score < breakdown_total). */
  cap: QaCap | null;
  summary: string | null;
}

export interface QaFlag {
  type: string;
  severity: string;
  excerpt: string | null;
  /** Where the excerpt is in the transcript, when it could be located. */
  evidence: QaEvidence | null;
}

export interface QaSentiment {
  overall: string | null;
  score: number | null;
  flags: QaFlag[];
}

/**
 * Which skill version produced each part, and what ran it. The parts are the analysis functions a
 * record keeps (lib/analysis/functions.ts `recorded`: transcription, sentiment, compliance, scoring).
 */
export interface QaProvenance {
  skills: Record<RecordedPart, string | null>;
  /** The state instance that produced each part (e.g. `AnalyseEachCall[2]/CalculateScore`). */
  states: Record<RecordedPart, string | null>;
  rule_set_id: string | null;
  /** The brain that ran the skill calls: `deterministic` or the model name. */
  brain: string;
  started_by: string | null;
}

/** What the projection writes for one call (everything but the review summary and timestamps). */
export interface QaRecordInput {
  runId: string;
  callId: string;
  applicationId: string | null;
  advisor: string | null;
  team: string | null;
  customer: string | null;
  product: string | null;
  callAt: string | null;
  durationS: number | null;
  workflowId: string;
  workflowName: string;
  workflowVersion: string;
  runFinishedAt: string;
  score: number | null;
  maxScore: number | null;
  scoreDetail: QaScoreDetail | null;
  verdicts: QaVerdict[];
  sentiment: QaSentiment | null;
  transcript: QaTranscript;
  provenance: QaProvenance;
  /** The scoring skill's effective input for this call (null without a scoring state): what a review rescores. */
  scoringInput: Record<string, unknown> | null;
  /** The run was a test run of an unpublished workflow version (issue 28): its results stay out of the figures. */
  testRun: boolean;
  /**
   * The generic store (issue 31): the results of the kept functions with no field of their own (lib/analysis/functions.ts
   * `kept: 'analyses'`), by role, each its envelope's data as the skill returned it. Absent when the run produced none.
   */
  analyses?: QaAnalyses;
}

/** Results by analysis function (role): see QaRecordInput.analyses. */
export type QaAnalyses = Record<string, Record<string, unknown>>;

/** One verdict as the review left it: the AI's verdict, or the reviewer's where they overrode it. */
export interface ReviewedVerdict {
  rule_id: string;
  rule: string;
  category: string | null;
  mandatory: boolean;
  verdict: QaVerdictValue;
  /** The AI's verdict, always; differs from `verdict` exactly where a reviewer overrode it. */
  ai_verdict: QaVerdictValue;
}

/**
 * Where the reviewed score came from: `formula` — the scoring skill recomputed over the reviewed verdicts (its
 * breakdown and cap as the skill returned them); `unchanged` — no verdict changed, so the AI's score stands;
 * `reviewer` — a reviewer set the score; `not_computed` — the skill could not recompute it (why in `note`), so the
 * figure of record stays the AI's score.
 */
export interface ReviewedScoreDetail {
  source: 'formula' | 'unchanged' | 'reviewer' | 'not_computed';
  skill: string | null;
  formula_id: string | null;
  breakdown: Record<string, number> | null;
  cap: QaCap | null;
  note: string | null;
}

/** One decision of an earlier analysis's unsigned review, and whether it was carried to this analysis. */
export interface CarryNote {
  from_qa_result_id: string;
  action_id: string;
  kind: 'rule' | 'score' | 'comment';
  rule_id: string | null;
  by: string;
  carried: boolean;
  /** Why it was not carried (the AI's verdict or evidence changed, the rule is gone); null when carried. */
  why: string | null;
}

/** Where a QA result's human review stands (the qa_results.review_status column). */
export type QaReviewStatus = 'unreviewed' | 'in_review' | 'awaiting_second_signoff' | 'signed_off';
