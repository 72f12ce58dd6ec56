/** The calibration tools' answers as the pages read them (lib/calibration/views.ts). */
export type { BlindReviewView as BlindReview, CalibrationResultsView as ResultsView } from '@/lib/calibration/views';
