/**
 * Agreement between raters, pure (the calibration results and their tests):
 *
 * - percent agreement: the share of items two raters both rated on which they gave the same answer;
 * - Cohen's kappa (Cohen 1960) for two raters: (p_o − p_e) / (1 − p_e), p_e from each rater's own
 *   marginal proportions;
 * - Fleiss' kappa (Fleiss 1971) for a fixed number of raters per item: (P̄ − P̄_e) / (1 − P̄_e).
 *
 * A kappa is null where it is undefined: no items, or chance agreement of 1 (every answer the same
 * category, so there is nothing to agree beyond chance). Figures are not rounded here; callers round
 * for display.
 */

export interface PairAgreement {
  /** Items both raters rated. */
  n: number;
  /** Items on which they gave the same answer. */
  agreed: number;
  /** agreed / n; null with no items. */
  percent: number | null;
  /** Cohen's kappa; null with no items or when chance agreement is 1. */
  kappa: number | null;
}

/** Percent agreement and Cohen's kappa of two raters over the items both rated, as [a, b] answer pairs. */
export function cohenAgreement<C extends string>(pairs: ReadonlyArray<readonly [C, C]>): PairAgreement {
  const n = pairs.length;
  if (n === 0) return { n: 0, agreed: 0, percent: null, kappa: null };
  const a = new Map<C, number>();
  const b = new Map<C, number>();
  let agreed = 0;
  for (const [x, y] of pairs) {
    if (x === y) agreed++;
    a.set(x, (a.get(x) ?? 0) + 1);
    b.set(y, (b.get(y) ?? 0) + 1);
  }
  const po = agreed / n;
  let pe = 0;
  for (const [c, ca] of a) pe += (ca / n) * ((b.get(c) ?? 0) / n);
  return { n, agreed, percent: po, kappa: kappaOf(po, pe) };
}

export interface GroupAgreement {
  /** Items (each rated by the same number of raters, at least two). */
  n: number;
  raters: number;
  /** P̄: the mean share of agreeing rater pairs per item (the pairwise percent agreement). */
  percent: number | null;
  /** Fleiss' kappa; null with no items or when chance agreement is 1. */
  kappa: number | null;
}

/**
 * Fleiss' kappa over items rated by the same number of raters: `counts[i][j]` is how many raters put
 * item i in category j. Items with a different number of raters than the first are a caller's error.
 */
export function fleissAgreement(counts: ReadonlyArray<readonly number[]>): GroupAgreement {
  const N = counts.length;
  const raters = N ? counts[0]!.reduce((s, x) => s + x, 0) : 0;
  if (N === 0 || raters < 2) return { n: N, raters, percent: null, kappa: null };
  const k = counts[0]!.length;
  const totals = new Array<number>(k).fill(0);
  let sumP = 0;
  for (const row of counts) {
    const m = row.reduce((s, x) => s + x, 0);
    if (m !== raters || row.length !== k) throw new Error('fleissAgreement: every item needs the same raters and categories');
    let pairs = 0;
    row.forEach((x, j) => {
      totals[j]! += x;
      pairs += x * (x - 1);
    });
    sumP += pairs / (raters * (raters - 1));
  }
  const pBar = sumP / N;
  const pe = totals.reduce((s, t) => s + (t / (N * raters)) ** 2, 0);
  return { n: N, raters, percent: pBar, kappa: kappaOf(pBar, pe) };
}

/** The answer most raters gave, or null on a tie for the most (no majority to compare with). */
export function majorityOf<C extends string>(answers: readonly C[]): C | null {
  const by = new Map<C, number>();
  for (const a of answers) by.set(a, (by.get(a) ?? 0) + 1);
  let best: C | null = null;
  let most = 0;
  let tie = false;
  for (const [c, x] of by) {
    if (x > most) [best, most, tie] = [c, x, false];
    else if (x === most) tie = true;
  }
  return tie ? null : best;
}

const kappaOf = (po: number, pe: number): number | null => (1 - pe < 1e-12 ? null : (po - pe) / (1 - pe));
