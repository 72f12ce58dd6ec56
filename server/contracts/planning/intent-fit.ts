import { parseSkillUri } from '../../skills/skill-uri.ts';
import type { ToolCallIntent } from '../../../lib/planning/schemas.ts';

/**
 * What a plan's intents and records mean, shared by the sentinel's matcher
 * (server/planning/sentinel/match.ts, which states the rules) and the plan timeline the browser draws
 * (components/planning/timeline.ts). Pure.
 */

/** The `tool_name` of a model step's usage record (cost source `model_tokens`; ports.ts recordModelUsage). */
export const MODEL_RECORD = 'model';

/** An intent followed by its fallbacks: level 0 is the root, level d backs up level d − 1. */
export function fallbackChain(intent: ToolCallIntent): ToolCallIntent[] {
  const chain: ToolCallIntent[] = [];
  for (let i: ToolCallIntent | undefined = intent; i; i = i.fallbackOnFailure) chain.push(i);
  return chain;
}

/** Whether a call naming `called` fits an intent naming `wanted` (the rules: server/planning/sentinel/match.ts). */
export function skillFits(wanted: string | undefined, called: string | null, capabilityOf: Record<string, string>): boolean {
  if (wanted === undefined) return true;
  if (called === null) return false;
  if (called === wanted) return true;
  if (wanted.startsWith('skill://') && !wanted.includes('@')) return parseSkillUri(called)?.name === wanted.slice(8);
  return Object.hasOwn(capabilityOf, called) && capabilityOf[called] === wanted;
}
