import type { ReviewRole } from '../../agents/brains/conductor/call-review-plan.ts';

/** TEST SUPPORT: the catalog skill the Conductor chooses for each function of a call review when nothing argues otherwise. */
export const DEFAULT_REVIEW_SKILLS: Record<ReviewRole, string> = {
  applications: 'skill://salesforce-integration@2.1.0',
  recordings: 'skill://recording-management@1.5.0',
  transcription: 'skill://whisper-transcribe@1.0.0',
  sentiment: 'skill://sentiment-analysis@1.2.0',
  compliance: 'skill://compliance-analysis@1.3.0',
  scoring: 'skill://scoring@1.1.0',
};
