import { MIN_SAMPLE } from '../min-sample.ts';
import { cohenAgreement, fleissAgreement, majorityOf, type PairAgreement } from './kappa.ts';
import { CALIBRATION_ANSWERS, type CalibrationAnswerValue, type CalibrationRule } from './session.ts';

/**
 * A calibration session's agreement figures, pure: what the results page, the CSV and the chat all
 * show (server/calibration/results.ts loads the rows and calls this once).
 *
 * - Per rule and overall: Fleiss' kappa across the reviewers, with the pairwise percent agreement
 *   (P̄), over the items (call × rule) every counted reviewer answered; n is those items.
 * - Per reviewer: against each other reviewer, against the AI's verdict, and against the majority
 *   of the other reviewers (ties left out): percent agreement and Cohen's kappa over the items both
 *   answered; n is those items.
 * - Per call: how many rules the reviewers split on and the call's disagreement (1 − its mean P_i),
 *   most disagreement first.
 * A figure over fewer than MIN_SAMPLE items is `thin`: stated, but not to be read much into.
 */
export const AGREEMENT_METHOD =
  "Fleiss' kappa across reviewers (per rule and overall); Cohen's kappa for each pair (reviewer vs reviewer, vs the AI, " +
  'vs the majority of the other reviewers, ties left out); percent agreement beside each. n = items (call × rule) counted.';

export interface Figure {
  n: number;
  percent: number | null;
  kappa: number | null;
  thin: boolean;
}
export interface AnswerOf {
  reviewerId: string;
  qaResultId: string;
  ruleId: string;
  answer: CalibrationAnswerValue;
}
export interface FiguresInput {
  rules: CalibrationRule[];
  calls: Array<{ qaResultId: string; callId: string; ai: Record<string, CalibrationAnswerValue> }>;
  /** The reviewers counted (those who submitted), in display order. */
  reviewers: Array<{ id: string; label: string }>;
  answers: AnswerOf[];
}
export interface CalibrationFigures {
  method: string;
  min_sample: number;
  overall: Figure;
  rules: Array<{ rule_id: string; rule: string; mandatory: boolean } & Figure & { ai_vs_majority: Figure }>;
  reviewers: Array<{
    reviewer_id: string;
    label: string;
    vs_ai: Figure;
    vs_majority: Figure;
    vs_reviewers: Array<{ reviewer_id: string; label: string } & Figure>;
  }>;
  calls: Array<{
    qa_result_id: string;
    call_id: string;
    split_rules: number;
    disagreement: number;
    rules: Array<{ rule_id: string; ai: CalibrationAnswerValue | null; answers: Record<string, CalibrationAnswerValue | null> }>;
  }>;
}

const r3 = (x: number | null) => (x === null ? null : Math.round(x * 1000) / 1000);
const fig = (n: number, percent: number | null, kappa: number | null): Figure => ({
  n,
  percent: r3(percent),
  kappa: r3(kappa),
  thin: n < MIN_SAMPLE,
});
const ofPair = (p: PairAgreement) => fig(p.n, p.percent, p.kappa);

export function calibrationFigures(x: FiguresInput): CalibrationFigures {
  const ans = new Map(x.answers.map((a) => [`${a.reviewerId}|${a.qaResultId}|${a.ruleId}`, a.answer]));
  const get = (rv: string, call: string, rule: string) => ans.get(`${rv}|${call}|${rule}`) ?? null;
  const ids = x.reviewers.map((r) => r.id);
  /** Category counts of an item every reviewer answered, or null. */
  const row = (call: string, rule: string) => {
    const given = ids.map((rv) => get(rv, call, rule));
    if (ids.length < 2 || given.some((g) => g === null)) return null;
    return CALIBRATION_ANSWERS.map((c) => given.filter((g) => g === c).length);
  };
  const group = (items: Array<[string, string]>) => {
    const counts = items.map(([c, r]) => row(c, r)).filter((c): c is number[] => c !== null);
    const g = fleissAgreement(counts);
    return fig(g.n, g.percent, g.kappa);
  };
  const items = x.calls.flatMap((c) => x.rules.map((r) => [c.qaResultId, r.rule_id] as [string, string]));
  const othersMajority = (except: string | null, call: string, rule: string) =>
    majorityOf(
      ids
        .filter((rv) => rv !== except)
        .map((rv) => get(rv, call, rule))
        .filter((a): a is CalibrationAnswerValue => a !== null),
    );
  const pairs = (of: (call: string, rule: string) => [CalibrationAnswerValue | null, CalibrationAnswerValue | null]) =>
    cohenAgreement(
      items.map(([c, r]) => of(c, r)).filter((p): p is [CalibrationAnswerValue, CalibrationAnswerValue] => p[0] !== null && p[1] !== null),
    );
  const aiOf = new Map(x.calls.map((c) => [c.qaResultId, c.ai]));
  const ai = (call: string, rule: string) => aiOf.get(call)?.[rule] ?? null;

  const rules = x.rules.map((r) => {
    const its = x.calls.map((c) => [c.qaResultId, r.rule_id] as [string, string]);
    const vsAi = cohenAgreement(
      its
        .map(([c]) => [othersMajority(null, c, r.rule_id), ai(c, r.rule_id)] as const)
        .filter((p): p is [CalibrationAnswerValue, CalibrationAnswerValue] => p[0] !== null && p[1] !== null),
    );
    return { rule_id: r.rule_id, rule: r.rule, mandatory: r.mandatory, ...group(its), ai_vs_majority: ofPair(vsAi) };
  });
  const reviewers = x.reviewers.map((me) => ({
    reviewer_id: me.id,
    label: me.label,
    vs_ai: ofPair(pairs((c, r) => [get(me.id, c, r), ai(c, r)])),
    vs_majority: ofPair(pairs((c, r) => [get(me.id, c, r), othersMajority(me.id, c, r)])),
    vs_reviewers: x.reviewers
      .filter((o) => o.id !== me.id)
      .map((o) => ({ reviewer_id: o.id, label: o.label, ...ofPair(pairs((c, r) => [get(me.id, c, r), get(o.id, c, r)])) })),
  }));
  const calls = x.calls
    .map((c) => {
      const counted = x.rules.map((r) => row(c.qaResultId, r.rule_id)).filter((k): k is number[] => k !== null);
      const g = fleissAgreement(counted);
      return {
        qa_result_id: c.qaResultId,
        call_id: c.callId,
        split_rules: counted.filter((k) => k.filter((v) => v > 0).length > 1).length,
        disagreement: r3(g.percent === null ? 0 : 1 - g.percent)!,
        rules: x.rules.map((r) => ({
          rule_id: r.rule_id,
          ai: ai(c.qaResultId, r.rule_id),
          answers: Object.fromEntries(x.reviewers.map((rv) => [rv.label, get(rv.id, c.qaResultId, r.rule_id)])),
        })),
      };
    })
    .sort((a, b) => b.split_rules - a.split_rules || b.disagreement - a.disagreement || a.call_id.localeCompare(b.call_id));
  return { method: AGREEMENT_METHOD, min_sample: MIN_SAMPLE, overall: group(items), rules, reviewers, calls };
}
