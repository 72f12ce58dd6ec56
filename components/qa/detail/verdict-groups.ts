import type { QaVerdict } from '../types';

/**
 * The verdicts as the call detail lists them: failed first (mandatory rules first among them),
 * then passed, then not applicable — each group otherwise in the rule set's order. Grouped by the
 * AI's verdict, so an item never moves when a reviewer overrides it.
 */
export function groupVerdicts(verdicts: readonly QaVerdict[]) {
  const failed = verdicts.filter((v) => v.verdict === 'fail');
  return {
    failed: [...failed.filter((v) => v.mandatory), ...failed.filter((v) => !v.mandatory)],
    passed: verdicts.filter((v) => v.verdict === 'pass'),
    notApplicable: verdicts.filter((v) => v.verdict === 'not_applicable'),
  };
}
