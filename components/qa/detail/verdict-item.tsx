'use client';
import { RuleCalibrationNotes } from './rule-calibration-notes';
import { Badge } from '@/components/ui/badge';
import { categoryText, noEvidenceReason, VERDICT_TONES, verdictLabel } from '../format';
import type { QaRuleDecision, QaVerdict } from '../types';
import type { RuleDraft } from './drafts';
import { clockOf, verdictEvidenceId } from './evidence';
import { RuleDecisionLine, RuleReview } from './rule-review';

const QUOTE =
  'block w-full rounded-md border-l-4 border-indigo-300 bg-slate-50 px-3 py-1.5 text-left text-sm text-slate-700 italic ' +
  'hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500';

/** How a reviewer may act on the verdicts (null: read only). */
export interface ReviewControls {
  qaResultId: string;
  locked: boolean;
  draft: (ruleId: string) => RuleDraft;
  setDraft: (ruleId: string, patch: Partial<RuleDraft> | null) => void;
}

/**
 * One rule verdict: the AI's verdict (always shown), mandatory or not, the rule and the AI's
 * rationale, its evidence — a button that shows the quote in the transcript — or why there is
 * none, the reviewer's current decision beside it, and (for reviewers) the review controls. The
 * item is focusable so quoted text in the transcript can move focus here.
 */
export function VerdictItem({
  verdict,
  selected,
  decision,
  review,
  onShow,
}: {
  verdict: QaVerdict;
  selected: boolean;
  decision: QaRuleDecision | undefined;
  review: ReviewControls | null;
  onShow: (evidenceId: string) => void;
}) {
  const ev = verdict.evidence;
  const why = noEvidenceReason(verdict);
  return (
    <li
      id={`verdict-${verdict.rule_id}`}
      tabIndex={-1}
      data-testid="verdict"
      data-rule-id={verdict.rule_id}
      data-verdict={verdict.verdict}
      data-selected={selected ? 'true' : undefined}
      className={`scroll-mt-4 space-y-1.5 rounded-lg border p-3 outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 ${
        selected ? 'border-amber-400 bg-amber-50/60 ring-1 ring-amber-300' : 'border-slate-200 bg-white'
      }`}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone={VERDICT_TONES[verdict.verdict]} title="The AI's verdict">
          AI: {verdictLabel(verdict.verdict)}
        </Badge>
        <span className="font-mono text-xs font-semibold text-slate-900">{verdict.rule_id}</span>
        {verdict.mandatory && (
          <Badge tone="bad" title="Failing it caps the score; overriding it needs two sign-offs">
            Mandatory
          </Badge>
        )}
        {verdict.category && <span className="text-xs text-slate-500">{categoryText(verdict.category)}</span>}
      </div>
      <p className="text-sm text-slate-900">{verdict.rule}</p>
      {verdict.rationale && <p className="text-xs text-slate-600">AI: {verdict.rationale}</p>}
      {ev ? (
        <button type="button" onClick={() => onShow(verdictEvidenceId(verdict.rule_id))} aria-pressed={selected} className={QUOTE}>
          <span className={selected ? '' : 'line-clamp-2'} title={ev.quote}>
            “{ev.quote}”
          </span>
          <span className="mt-0.5 block text-xs text-indigo-700 not-italic">Show in transcript · {clockOf(ev.start_s)}</span>
        </button>
      ) : (
        <p className="text-xs text-slate-500" data-testid="no-evidence">
          {why}
        </p>
      )}
      <RuleCalibrationNotes ruleId={verdict.rule_id} canOpen={review !== null} />
      {review ? (
        <RuleReview
          qaResultId={review.qaResultId}
          verdict={verdict}
          decision={decision}
          locked={review.locked}
          draft={review.draft(verdict.rule_id)}
          onDraft={(p) => review.setDraft(verdict.rule_id, p)}
        >
          <RuleDecisionLine decision={decision} />
        </RuleReview>
      ) : (
        <RuleDecisionLine decision={decision} />
      )}
    </li>
  );
}
