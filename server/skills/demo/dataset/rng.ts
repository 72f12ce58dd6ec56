/**
 * Seeded pseudo-random numbers for the demo dataset and the fault draws: the same seed gives the
 * same sequence on every machine (no Math.random anywhere in the demo skills).
 */
export type Rng = () => number;

/** mulberry32 (lib/seeded-random.ts): floats in [0, 1). */
export { mulberry32 } from '../../../../lib/seeded-random.ts';

/** FNV-1a hash of a string: derives independent, stable sub-seeds (per skill, per call). */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** An integer in [min, max]. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}
