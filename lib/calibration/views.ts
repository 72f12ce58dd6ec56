import type { CalibrationFigures } from './figures.ts';
import type { CalibrationAnswerValue, CalibrationRule, CalibrationSample } from './session.ts';
import type { QaTranscript } from '../qa-record.ts';

/**
 * What the calibration tools return: get_calibration_review's `review` (server/calibration/review-view.ts)
 * and get_calibration_results' fields (results.ts). The tools declare the nested parts as open records;
 * the pages read them as these.
 */
export interface BlindReviewView {
  session: { id: string; name: string; status: 'open' | 'closed'; due_date: string; lead: string };
  rules: CalibrationRule[];
  submitted_at: string | null;
  calls: Array<{
    position: number;
    qa_result_id: string;
    call_id: string;
    advisor: string | null;
    product: string | null;
    call_at: string | null;
    duration_s: number | null;
    transcript: QaTranscript;
  }>;
  answers: Array<{
    qa_result_id: string;
    rule_id: string;
    answer: CalibrationAnswerValue;
    reason: string | null;
    version: number;
    amendment_reason: string | null;
    at: string;
  }>;
}

export interface CalibrationResultsView {
  session: {
    id: string;
    name: string;
    status: 'open' | 'closed';
    due_date: string;
    rule_set_id: string | null;
    sample: CalibrationSample;
    created_by: string;
    created_at: string;
    closed_at: string | null;
    closed_by: string | null;
    calls: number;
  };
  progress: Array<{ reviewer_id: string; label: string; submitted_at: string | null }>;
  /** All reviewers submitted, or the lead closed the session: the figures are there. */
  complete: boolean;
  /** The agreement, over the reviewers who submitted; null until complete (the review is blind until then). */
  figures: CalibrationFigures | null;
  /** The lead's note per rule (the newest), with who wrote it and when. */
  notes: Array<{ rule_id: string; note: string; author: string; created_at: string }>;
}
