import type { CalibrationFigures } from '@/lib/calibration/figures';
import type { CalibrationAnswerValue, CalibrationRule, CalibrationSample } from '@/lib/calibration/session';
import type { QaTranscript } from '@/lib/qa-record';

/**
 * What the calibration tools return, as the pages read them (the tools declare the nested parts as
 * open records): get_calibration_review's `review` and get_calibration_results' fields
 * (server/calibration/review-view.ts and results.ts build them).
 */
export interface BlindReview {
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

export interface ResultsView {
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
  complete: boolean;
  figures: CalibrationFigures | null;
  notes: Array<{ rule_id: string; note: string; author: string; created_at: string }>;
}
