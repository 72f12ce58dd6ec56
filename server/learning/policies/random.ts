import { mulberry32 } from '../../../lib/seeded-random.ts';
import type { Random } from '../../../lib/exploit-explore.ts';

/** The seeded generator (lib/seeded-random.ts, mulberry32) the policies' tests and simulations use. */
export function seededRandom(seed: number): Random {
  return mulberry32(seed);
}

/** A uniform on (0, 1] from `random` — safe to take the logarithm of. */
export const openUniform = (random: Random): number => 1 - random();
