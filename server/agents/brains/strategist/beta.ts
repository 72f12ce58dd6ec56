/**
 * Beta posteriors of a success rate from counts, exactly: a skill (or a Companion, or a
 * specialization) with `successes` and `failures` has the posterior Beta(1 + s, 1 + f) under a
 * uniform prior — an untried one is Beta(1, 1), "anything from 0 to 1". Every parameter is then a
 * whole number, so the probabilities below are finite sums (no sampling, no approximation beyond
 * floating point): the Strategist's confidences are reproducible to the last digit.
 */
export interface Counts {
  successes: number;
  failures: number;
}

const LOG_FACTORIAL: number[] = [0];

/** ln(n!) for a whole n ≥ 0 (cached). */
function logFactorial(n: number): number {
  for (let k = LOG_FACTORIAL.length; k <= n; k++) LOG_FACTORIAL[k] = LOG_FACTORIAL[k - 1]! + Math.log(k);
  return LOG_FACTORIAL[n]!;
}

/** ln B(a, b) for whole a, b ≥ 1: ln((a−1)! (b−1)! / (a+b−1)!). */
function logBeta(a: number, b: number): number {
  return logFactorial(a - 1) + logFactorial(b - 1) - logFactorial(a + b - 1);
}

function whole(c: Counts): Counts {
  const n = (x: number) => (Number.isFinite(x) && x > 0 ? Math.floor(x) : 0);
  return { successes: n(c.successes), failures: n(c.failures) };
}

/** The posterior mean success rate, (1 + s) / (2 + s + f). */
export function posteriorMean(c: Counts): number {
  const { successes: s, failures: f } = whole(c);
  return (1 + s) / (2 + s + f);
}

/**
 * P(p_b > p_a): how likely `b`'s success rate is above `a`'s, both rates drawn from their
 * posteriors. The closed form for a whole α_b (E. Miller, "Formulas for Bayesian A/B testing"):
 *   Σ_{i=0}^{α_b−1} B(α_a+i, β_a+β_b) / ((β_b+i) · B(1+i, β_b) · B(α_a, β_a)).
 * Two untried skills give 0.5; Beta(1,1) against Beta(1, 1+f) gives (1+f)/(2+f).
 */
export function probabilityBetter(b: Counts, a: Counts): number {
  const A = whole(a);
  const B = whole(b);
  const [alphaA, betaA, alphaB, betaB] = [1 + A.successes, 1 + A.failures, 1 + B.successes, 1 + B.failures];
  const base = logBeta(alphaA, betaA);
  let total = 0;
  for (let i = 0; i < alphaB; i++)
    total += Math.exp(logBeta(alphaA + i, betaA + betaB) - Math.log(betaB + i) - logBeta(1 + i, betaB) - base);
  return Math.min(1, Math.max(0, total));
}

/**
 * P(p < x) for the posterior of `c`: the regularised incomplete beta I_x(α, β), which for whole
 * parameters is a binomial tail, Σ_{j=α}^{n} C(n, j) x^j (1−x)^{n−j} with n = α+β−1.
 */
export function probabilityBelow(c: Counts, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const { successes, failures } = whole(c);
  const alpha = 1 + successes;
  const n = alpha + (1 + failures) - 1;
  let total = 0;
  for (let j = alpha; j <= n; j++)
    total += Math.exp(logFactorial(n) - logFactorial(j) - logFactorial(n - j) + j * Math.log(x) + (n - j) * Math.log(1 - x));
  return Math.min(1, Math.max(0, total));
}

/** A probability as published: three decimals (the rule compares this same number with its threshold). */
export const asConfidence = (p: number): number => Math.round(p * 1000) / 1000;
