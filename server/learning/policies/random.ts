import type { Random } from './types.ts';

/**
 * mulberry32: a small, fast 32-bit PRNG giving uniforms on [0, 1). Not cryptographic; meant for
 * tests, simulations and reproducible runs. The same seed always gives the same sequence.
 */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform on (0, 1] from `random` — safe to take the logarithm of. */
export const openUniform = (random: Random): number => 1 - random();
