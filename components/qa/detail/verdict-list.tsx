'use client';
import { useMemo } from 'react';
import { count } from '../format';
import type { QaRuleDecision, QaVerdict } from '../types';
import { verdictEvidenceId } from './evidence';
import { groupVerdicts } from './verdict-groups';
import { VerdictItem, type ReviewControls } from './verdict-item';

const TOGGLE =
  'text-xs font-semibold tracking-wide text-slate-500 uppercase hover:text-slate-900 focus-visible:outline-2 ' +
  'focus-visible:outline-indigo-500';

function Group({
  title,
  verdicts,
  testId,
  heading = true,
  ...item
}: {
  title: string;
  verdicts: readonly QaVerdict[];
  testId: string;
  heading?: boolean;
  selected: readonly string[];
  decisions: Record<string, QaRuleDecision>;
  review: ReviewControls | null;
  onShow: (id: string) => void;
}) {
  if (!verdicts.length) return null;
  return (
    <section aria-label={title} data-testid={testId}>
      {heading && <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>}
      <ul className="space-y-2">
        {verdicts.map((v) => (
          <VerdictItem
            key={v.rule_id}
            verdict={v}
            selected={item.selected.includes(verdictEvidenceId(v.rule_id))}
            decision={item.decisions[v.rule_id]}
            review={item.review}
            onShow={item.onShow}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * Every rule verdict of the call: failed (mandatory first), passed, and not applicable — the last
 * collapsed until opened (or until the transcript points at one of them: `naOpen` is the parent's).
 */
export function VerdictList({
  verdicts,
  reviewed,
  naOpen,
  onNaOpen,
  ...item
}: {
  verdicts: readonly QaVerdict[];
  /** The figures as reviewed (failed rules, mandatory among them), when a review decided; the groups stay the AI's. */
  reviewed: { failed: number; failedMandatory: number } | null;
  naOpen: boolean;
  onNaOpen: (open: boolean) => void;
  selected: readonly string[];
  decisions: Record<string, QaRuleDecision>;
  review: ReviewControls | null;
  onShow: (id: string) => void;
}) {
  const g = useMemo(() => groupVerdicts(verdicts), [verdicts]);
  const failedMandatory = g.failed.filter((v) => v.mandatory).length;
  return (
    <div className="space-y-4" data-testid="verdicts">
      {reviewed && (
        <p className="text-xs font-medium text-indigo-800" data-testid="verdicts-reviewed">
          As reviewed: {count(reviewed.failed, 'rule')} failed ({reviewed.failedMandatory} mandatory)
        </p>
      )}
      <p className="text-xs text-slate-600">
        {reviewed ? 'The AI: ' : ''}
        {count(g.failed.length, 'rule')} failed ({failedMandatory} mandatory) · {g.passed.length} passed
        {' · '}
        {g.notApplicable.length} not applicable
      </p>
      <Group title={`Failed (${g.failed.length})`} verdicts={g.failed} testId="verdicts-failed" {...item} />
      <Group title={`Passed (${g.passed.length})`} verdicts={g.passed} testId="verdicts-passed" {...item} />
      {g.notApplicable.length > 0 && (
        <div>
          <button type="button" aria-expanded={naOpen} aria-controls="verdicts-na" onClick={() => onNaOpen(!naOpen)} className={TOGGLE}>
            {naOpen ? '▾' : '▸'} Not applicable ({g.notApplicable.length})
          </button>
          <div id="verdicts-na" hidden={!naOpen} className="mt-2">
            {naOpen && <Group title="Not applicable" heading={false} verdicts={g.notApplicable} testId="verdicts-na" {...item} />}
          </div>
        </div>
      )}
    </div>
  );
}
