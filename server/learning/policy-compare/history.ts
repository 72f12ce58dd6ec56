import type { RecordedSkillUse } from '../../graph/port.ts';

/**
 * A capability's history as the policy comparison reads it (README.md): the capabilities whose
 * recorded uses name two or more skills — the only places a strategy has a choice — each with its
 * decision points in time order and every arm's empirical success rate over the whole history.
 */
export interface CapabilityHistory {
  capability: string;
  /** Its skills (the arms), by URI: the order every strategy sees them in, so ties go to the first URI. */
  arms: string[];
  /**
   * Its decision points in time order: every use that was not a caller error. A caller error is the
   * caller's input at fault (lib/failure-cause.ts), no evidence about the skill, so it is skipped.
   */
  uses: RecordedSkillUse[];
  /** Each arm's empirical success rate over the history: successes / (successes + failures). */
  rates: Map<string, number>;
  /** The best arm in hindsight: the highest of `rates`. */
  best_rate: number;
}

/**
 * Groups recorded uses (in time order, as the graph's `skillUses` returns them) by capability. A
 * use of a skill without a capability (a placeholder node) cannot be compared with anything and is
 * left out, as is every capability with fewer than two skills. Sorted by capability.
 */
export function capabilityHistories(uses: RecordedSkillUse[]): CapabilityHistory[] {
  const by = new Map<string, RecordedSkillUse[]>();
  for (const u of uses) {
    if (u.capability === null || u.outcome === 'caller_error') continue;
    const list = by.get(u.capability) ?? by.set(u.capability, []).get(u.capability)!;
    list.push(u);
  }
  const histories: CapabilityHistory[] = [];
  for (const [capability, list] of by) {
    const tally = new Map<string, { successes: number; uses: number }>();
    for (const u of list) {
      const t = tally.get(u.skill) ?? tally.set(u.skill, { successes: 0, uses: 0 }).get(u.skill)!;
      t.uses += 1;
      if (u.outcome === 'success') t.successes += 1;
    }
    if (tally.size < 2) continue;
    const rates = new Map([...tally].map(([skill, t]) => [skill, t.successes / t.uses]));
    const arms = [...rates.keys()].sort(byCodePoint);
    histories.push({ capability, arms, uses: list, rates, best_rate: Math.max(...rates.values()) });
  }
  return histories.sort((a, b) => byCodePoint(a.capability, b.capability));
}

/** Decisions available: the decision points of every compared capability. */
export const historyDecisions = (histories: CapabilityHistory[]): number => histories.reduce((n, h) => n + h.uses.length, 0);

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
