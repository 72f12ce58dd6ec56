import { PLANNING_TOOLS } from '../../contracts/planning/ports.ts';
import { fallbackChain, skillFits } from '../../contracts/planning/intent-fit.ts';
import type { ToolCallIntent, ToolCallPlan, ToolCallRecord } from '../../../lib/planning/schemas.ts';

/**
 * Which declared intent a call carries out (ToolCallRecord.intent_index). The rules:
 * - A call fits an intent with the same `toolName`; when the intent names a `skill`, the call must
 *   name that skill (`skill://name@version`; `skill://name` fits any version) or a skill whose
 *   capability (`capabilityOf`) is the one the intent names. A call naming no skill does not fit.
 * - An intent may be carried out by repeated calls (a loop over advisors is normal).
 * - A `fallbackOnFailure` intent fits only after a call carrying out the intent it backs, for the
 *   same root intent, ended with status `error`; the call then reports the root's index. Along a
 *   chain the deepest level it may take is taken (a retry of the same tool walks down the chain).
 * - Several roots fit: the first no earlier call carried out, else the first (so repeated calls
 *   stay with the intent they repeat and a second intent of the same tool is not left "skipped").
 * - Planning tools (PLANNING_TOOLS) and the `model` pseudo-record never match, and are never
 *   deviations. A refused call matches (it was an attempt) but is no failure for fallbacks.
 */

/** The tool name of a model step's token record (ports.ts recordModelUsage). */
export const MODEL_TOOL = 'model';

/** The plan's own bookkeeping: never an intent's call, never a deviation, never a counted call. */
export const isBookkeeping = (toolName: string): boolean =>
  toolName === MODEL_TOOL || (PLANNING_TOOLS as readonly string[]).includes(toolName);

/** What matching needs of a call; `seq` (or `id`) places it among the plan's records. */
export type CallToMatch = Pick<ToolCallRecord, 'tool_name' | 'skill'> & { seq?: number; id?: string };

type Matched = Pick<ToolCallRecord, 'tool_name' | 'skill' | 'status'>;

/**
 * A matcher fed the plan's calls in order (`seq`): each `next` returns the root index the call
 * carries out, or null, and remembers it for the calls after.
 */
export function intentMatcher(plan: ToolCallPlan, capabilityOf: Record<string, string>) {
  const chains = plan.plannedSequence.map(fallbackChain);
  const carriedOut = new Set<number>();
  /** Per root, the chain levels a call of that root failed at. */
  const failedLevels = chains.map(() => new Set<number>());
  const fits = (intent: ToolCallIntent, call: Pick<ToolCallRecord, 'tool_name' | 'skill'>): boolean =>
    intent.toolName === call.tool_name && skillFits(intent.skill, call.skill, capabilityOf);

  /** The deepest level of root `i` the call may take, or −1. */
  const levelOf = (i: number, call: Pick<ToolCallRecord, 'tool_name' | 'skill'>): number => {
    const chain = chains[i]!;
    for (let d = chain.length - 1; d >= 1; d--) if (failedLevels[i]!.has(d - 1) && fits(chain[d]!, call)) return d;
    return fits(chain[0]!, call) ? 0 : -1;
  };

  const find = (call: Pick<ToolCallRecord, 'tool_name' | 'skill'>): { index: number; level: number } | null => {
    if (isBookkeeping(call.tool_name)) return null;
    let first: { index: number; level: number } | null = null;
    for (let i = 0; i < chains.length; i++) {
      const level = levelOf(i, call);
      if (level < 0) continue;
      if (!carriedOut.has(i)) return { index: i, level };
      first ??= { index: i, level };
    }
    return first;
  };

  return {
    /** The root index `call` carries out (without remembering it). */
    peek: (call: Pick<ToolCallRecord, 'tool_name' | 'skill'>): number | null => find(call)?.index ?? null,
    /** The root index `call` carries out, remembered (and its failure, for the fallbacks). */
    next(call: Matched): number | null {
      const hit = find(call);
      if (!hit) return null;
      carriedOut.add(hit.index);
      if (call.status === 'error') failedLevels[hit.index]!.add(hit.level);
      return hit.index;
    },
  };
}

/** The plan's records in call order. */
export const bySeq = (records: ToolCallRecord[]): ToolCallRecord[] => [...records].sort((a, b) => a.seq - b.seq);

/** Every record's root intent index (or null), by record id, replaying the records in `seq` order. */
export function assignIntents(
  plan: ToolCallPlan,
  records: ToolCallRecord[],
  capabilityOf: Record<string, string>,
): Map<string, number | null> {
  const matcher = intentMatcher(plan, capabilityOf);
  return new Map(bySeq(records).map((r) => [r.id, matcher.next(r)]));
}

/**
 * The index into `plan.plannedSequence` that `call` carries out, or null. `records` are the
 * plan's records; only those before the call count (`seq` below the call's when it has one, else
 * every record other than the call itself). `capabilityOf` maps skill URIs to capabilities.
 */
export function matchIntent(
  plan: ToolCallPlan,
  records: ToolCallRecord[],
  call: CallToMatch,
  capabilityOf: Record<string, string> = {},
): number | null {
  const before = records.filter((r) => (call.seq === undefined ? r.id !== call.id : r.seq < call.seq));
  const matcher = intentMatcher(plan, capabilityOf);
  for (const r of bySeq(before)) matcher.next(r);
  return matcher.peek(call);
}
