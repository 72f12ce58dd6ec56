import type { StrategyName } from '../policies/index.ts';

/**
 * The seed of one strategy's random stream on one capability: FNV-1a (32 bits) of the run's seed,
 * the strategy and the capability. Each (strategy, capability) draws from a stream of its own, so a
 * capability's figures do not change when another capability gains history.
 */
export function streamSeed(seed: number, strategy: StrategyName, capability: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}\u0000${strategy}\u0000${capability}`) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
