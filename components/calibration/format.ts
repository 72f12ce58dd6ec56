import type { CalibrationAnswerValue } from '@/lib/calibration/session';

/** The figures are written as the chat writes them (lib/calibration/format.ts). */
export { kappaText, percentText, sampleText } from '@/lib/calibration/format';

export const ANSWER_LABELS: Record<CalibrationAnswerValue, string> = { pass: 'Pass', fail: 'Fail', not_applicable: 'Not applicable' };
