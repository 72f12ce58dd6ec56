import { contentWords, evidenceFor } from './capability-words.ts';
import type { KnownCapability } from './capabilities.ts';
import { splitTask } from './split-task.ts';

/** A subtask as decompose_task returns it (the spec's id, description, required_capabilities). */
export interface DecomposedSubtask {
  id: string;
  description: string;
  required_capabilities: string[];
  /** Capability → the words of the description that matched it. */
  evidence: Record<string, string[]>;
  /** Set when no known capability matches: why the list is empty. */
  unmatched_reason?: string;
}

export const UNMATCHED_REASON =
  'no capability of the available agents, the platform agents or the skill catalog matches the words of this part';

/**
 * Matches one part against the known capabilities (./README.md rules 6–7): a capability matches
 * when every one of its words matches a content word of the part; a match whose evidence is a
 * strict subset of another match's evidence is dropped (the more specific capability wins:
 * "analyse sentiment" needs `sentiment-analysis`, not also `sentiment` and `analysis`).
 */
export function matchCapabilities(part: string, known: readonly KnownCapability[]): Record<string, string[]> {
  const words = contentWords(part);
  const hits = known.map((k) => ({ name: k.name, evidence: evidenceFor(words, k.name) })).filter((h) => h.evidence.length > 0);
  const kept = hits.filter(
    (h) => !hits.some((o) => o !== h && o.evidence.length > h.evidence.length && h.evidence.every((w) => o.evidence.includes(w))),
  );
  return Object.fromEntries(kept.map((h) => [h.name, h.evidence]));
}

/** The offline decomposition: the task's parts (split-task.ts), each with its matched capabilities. */
export function decomposeDeterministic(task: string, known: readonly KnownCapability[]): DecomposedSubtask[] {
  const parts = splitTask(task);
  return parts.map((description, i) => {
    const evidence = matchCapabilities(description, known);
    const required = Object.keys(evidence).sort();
    return {
      id: `subtask-${i + 1}`,
      description,
      required_capabilities: required,
      evidence,
      ...(required.length === 0 ? { unmatched_reason: UNMATCHED_REASON } : {}),
    };
  });
}
