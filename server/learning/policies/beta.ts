import { openUniform } from './random.ts';
import type { Random } from '../../../lib/exploit-explore.ts';

/**
 * Random variates for Thompson sampling, driven only by the injected uniform source so that a
 * seeded source makes every sample reproducible.
 */

/** Standard normal by Box–Muller (one of the pair; the other is discarded to stay stateless). */
export function sampleNormal(random: Random): number {
  const r = Math.sqrt(-2 * Math.log(openUniform(random)));
  return r * Math.cos(2 * Math.PI * random());
}

/**
 * Gamma(shape, 1) by Marsaglia & Tsang (2000), "A simple method for generating gamma variables".
 * For shape < 1 it boosts: Gamma(k) = Gamma(k + 1) · U^(1/k). Throws unless shape > 0.
 */
export function sampleGamma(shape: number, random: Random): number {
  if (!(shape > 0) || !Number.isFinite(shape)) throw new RangeError(`gamma shape must be a positive number, got ${shape}`);
  if (shape < 1) return sampleGamma(shape + 1, random) * Math.pow(openUniform(random), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = sampleNormal(random);
    const v0 = 1 + c * x;
    if (v0 <= 0) continue;
    const v = v0 * v0 * v0;
    const u = openUniform(random);
    // Squeeze first (cheap, accepts ~98%), then the exact log test.
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** Beta(a, b) as X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b). Throws unless a, b > 0. */
export function sampleBeta(a: number, b: number, random: Random): number {
  const x = sampleGamma(a, random);
  const y = sampleGamma(b, random);
  // Both can underflow to 0 only for tiny shapes (< ~1e-3); the mean is the honest answer then.
  return x + y > 0 ? x / (x + y) : a / (a + b);
}
