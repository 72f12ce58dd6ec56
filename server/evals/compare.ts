/** A case's score in one run, as the comparison reads it. */
export interface CaseScore {
  case_id: string;
  title: string;
  score: number;
}

export type CaseVerdict = 'better' | 'worse' | 'same' | 'only_in_base' | 'only_in_other';

export interface CaseComparison {
  case_id: string;
  title: string;
  base: number | null;
  other: number | null;
  verdict: CaseVerdict;
}

/**
 * Two runs case by case (issue 30: compare runs over time and between brains): `other` against
 * `base`, matched by case id, in the base run's order then the cases only the other run has.
 * `better` and `worse` say how the other run did; a case missing from one run says so. Pure.
 */
export function compareCases(
  base: readonly CaseScore[],
  other: readonly CaseScore[],
): { cases: CaseComparison[]; better: number; worse: number; same: number } {
  const byId = new Map(other.map((c) => [c.case_id, c]));
  const cases: CaseComparison[] = base.map((b) => {
    const o = byId.get(b.case_id);
    if (!o) return { case_id: b.case_id, title: b.title, base: b.score, other: null, verdict: 'only_in_base' };
    const d = o.score - b.score;
    const verdict: CaseVerdict = Math.abs(d) < 1e-9 ? 'same' : d > 0 ? 'better' : 'worse';
    return { case_id: b.case_id, title: b.title, base: b.score, other: o.score, verdict };
  });
  const inBase = new Set(base.map((b) => b.case_id));
  for (const o of other)
    if (!inBase.has(o.case_id)) cases.push({ case_id: o.case_id, title: o.title, base: null, other: o.score, verdict: 'only_in_other' });
  const count = (v: CaseVerdict) => cases.filter((c) => c.verdict === v).length;
  return { cases, better: count('better'), worse: count('worse'), same: count('same') };
}
