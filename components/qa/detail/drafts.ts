'use client';
import { useCallback, useState } from 'react';
import type { QaVerdictValue } from '../types';

/**
 * What a reviewer has typed and not yet saved, kept above the forms: a form that unmounts (a
 * verdict group collapsed, the detail refetched after another action) or a refused save never
 * loses it. A draft is dropped only once its action is saved.
 */
export interface RuleDraft {
  open: boolean;
  verdict: QaVerdictValue | '';
  reason: string;
}
export interface ScoreDraft {
  open: boolean;
  score: string;
  reason: string;
}
export interface Drafts {
  rules: Record<string, RuleDraft>;
  score: ScoreDraft;
  /** The review's comment box (a comment, or the note that goes with a sign-off). */
  comment: string;
}

export const EMPTY_RULE_DRAFT: RuleDraft = { open: false, verdict: '', reason: '' };
const EMPTY: Drafts = { rules: {}, score: { open: false, score: '', reason: '' }, comment: '' };

export function useDrafts() {
  const [drafts, setDrafts] = useState<Drafts>(EMPTY);
  const rule = useCallback((ruleId: string) => drafts.rules[ruleId] ?? EMPTY_RULE_DRAFT, [drafts.rules]);
  const setRule = useCallback(
    (ruleId: string, patch: Partial<RuleDraft> | null) =>
      setDrafts((d) => {
        const rules = { ...d.rules };
        if (patch === null) delete rules[ruleId];
        else rules[ruleId] = { ...(d.rules[ruleId] ?? EMPTY_RULE_DRAFT), ...patch };
        return { ...d, rules };
      }),
    [],
  );
  const setScore = useCallback(
    (patch: Partial<ScoreDraft> | null) => setDrafts((d) => ({ ...d, score: patch === null ? EMPTY.score : { ...d.score, ...patch } })),
    [],
  );
  const setComment = useCallback((comment: string) => setDrafts((d) => ({ ...d, comment })), []);
  return { drafts, rule, setRule, setScore, setComment };
}
export type DraftStore = ReturnType<typeof useDrafts>;
