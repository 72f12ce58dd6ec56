'use client';
import { OverrideActions } from './override-actions';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, FIELD } from '@/components/ui/button';
import { ukDateTime, ukExact } from '@/lib/uk-time';
import { VERDICT_LABELS, VERDICT_TONES, verdictLabel } from '../format';
import type { QaRuleDecision, QaVerdict, QaVerdictValue } from '../types';
import type { RuleDraft } from './drafts';
import { FieldError } from './field-error';
import { useReview } from './use-review';

const VERDICTS = Object.keys(VERDICT_LABELS) as QaVerdictValue[];

/** The current human decision on a rule, beside the AI's verdict (read by everyone). */
export function RuleDecisionLine({ decision }: { decision: QaRuleDecision | undefined }) {
  if (!decision) return <p className="text-xs text-slate-500">Not reviewed yet.</p>;
  const overridden = decision.decision === 'override';
  return (
    <div className="space-y-0.5 text-xs text-slate-700" data-testid="rule-decision" data-decision={decision.decision}>
      <p className="flex flex-wrap items-center gap-1.5">
        <span className="font-medium">Reviewer:</span>
        {overridden ? (
          <Badge tone={VERDICT_TONES[decision.verdict as QaVerdictValue] ?? 'neutral'}>
            Overridden to {verdictLabel(decision.verdict)}
          </Badge>
        ) : (
          <Badge tone="ok">Agrees with the AI</Badge>
        )}
        <span className="text-slate-500">
          {decision.by},{' '}
          <time dateTime={decision.at} title={ukExact(decision.at)}>
            {ukDateTime(decision.at)}
          </time>
        </span>
      </p>
      {decision.reason && <p className="text-slate-600">Reason: {decision.reason}</p>}
    </div>
  );
}

/**
 * A reviewer's decision on one rule, beside the current one (`children`): agree with the AI, or
 * override it with their verdict and a reason (required). Overriding a mandatory rule means a
 * second reviewer must sign off. The draft lives above (never lost); a refusal is shown under the
 * form. `locked` (signed off) leaves only the current decision.
 */
export function RuleReview({
  qaResultId,
  verdict,
  decision,
  draft,
  onDraft,
  locked,
  children,
}: {
  children: ReactNode;
  qaResultId: string;
  verdict: QaVerdict;
  decision: QaRuleDecision | undefined;
  draft: RuleDraft;
  onDraft: (patch: Partial<RuleDraft> | null) => void;
  locked: boolean;
}) {
  const review = useReview(qaResultId);
  const ids = useId();
  const choices = VERDICTS.filter((v) => v !== verdict.verdict);
  const reason = draft.reason.trim();
  const agreed = decision?.decision === 'agree';

  const agree = async () => {
    if (await review.send({ action: 'rule', rule_id: verdict.rule_id, decision: 'agree' })) onDraft(null);
  };
  const override = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.verdict) return;
    const ok = await review.send({ action: 'rule', rule_id: verdict.rule_id, decision: 'override', verdict: draft.verdict, reason });
    if (ok) onDraft(null);
  };

  return (
    <div className="space-y-2" data-testid="rule-review">
      <div className="flex flex-wrap items-start justify-between gap-2">
        {children}
        {!locked && !draft.open && (
          <div className="flex shrink-0 gap-1.5">
            <Button
              className="px-2 py-1 text-xs"
              onClick={() => void agree()}
              disabled={review.pending || agreed}
              aria-label={`Agree with the AI on ${verdict.rule_id}`}
            >
              {agreed ? 'Agreed' : 'Agree'}
            </Button>
            <Button
              className="px-2 py-1 text-xs"
              onClick={() => onDraft({ open: true, verdict: draft.verdict || choices[0]! })}
              aria-label={`Override the AI on ${verdict.rule_id}`}
            >
              Override…
            </Button>
          </div>
        )}
      </div>
      {!locked && draft.open && (
        <form
          onSubmit={(e) => void override(e)}
          className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-2.5"
          aria-label={`Override ${verdict.rule_id}`}
        >
          <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
            <legend className="mb-1 font-medium text-slate-700">
              Your verdict <span className="font-normal text-slate-500">(the AI said {verdictLabel(verdict.verdict)})</span>
            </legend>
            {choices.map((v) => (
              <label key={v} className="inline-flex items-center gap-1">
                <input
                  type="radio"
                  name={`${ids}-verdict`}
                  value={v}
                  checked={draft.verdict === v}
                  onChange={() => onDraft({ verdict: v })}
                  className="accent-indigo-600"
                />
                {VERDICT_LABELS[v]}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
            Reason (required)
            <textarea
              className={`${FIELD} min-h-16 font-normal`}
              value={draft.reason}
              maxLength={2000}
              required
              minLength={3}
              onChange={(e) => onDraft({ reason: e.target.value })}
              aria-describedby={`${ids}-hint${review.error ? ` ${ids}-error` : ''}`}
            />
            <span id={`${ids}-hint`} className="font-normal text-slate-500">
              Say why, in at least 3 characters: it goes into the audit log.
            </span>
          </label>
          {verdict.mandatory && (
            <p className="text-xs text-amber-800">
              This rule is mandatory: after this override a second reviewer must sign the call off too (four eyes).
            </p>
          )}
          <FieldError error={review.error} id={`${ids}-error`} />
          <OverrideActions
            label="Save override"
            pending={review.pending}
            disabled={!draft.verdict || reason.length < 3}
            onCancel={() => {
              review.clearError();
              onDraft({ open: false });
            }}
          />
        </form>
      )}
      {!draft.open && <FieldError error={review.error} />}
    </div>
  );
}
