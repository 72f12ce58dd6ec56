import { isObject } from '@/server/engine/json';
import type { FlowGraph } from './flow-graph';

/** What a state is found by: its name, its Type and the URIs of the skills it binds, lower-cased. */
function searchText(n: { name: string; type: string | null; state: Record<string, unknown> }): string {
  const binding = isObject(n.state.AgentBinding) ? n.state.AgentBinding : null;
  const skills = binding && Array.isArray(binding.skills) ? binding.skills.filter((s): s is string => typeof s === 'string') : [];
  return [n.name, n.type ?? '', ...skills].join(' ').toLowerCase();
}

/**
 * The states a search names, as pointers in the graph's order (the document's: a container's
 * states follow it). A state matches when every word of the query occurs in its name, its Type
 * or one of its bound skill URIs, ignoring case: `task sentiment` finds the Tasks bound to a
 * sentiment skill. A query of no words matches nothing.
 */
export function findStates(graph: FlowGraph, query: string): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const found: string[] = [];
  for (const n of graph.nodes) {
    if (n.kind !== 'state') continue;
    const text = searchText(n);
    if (words.every((w) => text.includes(w))) found.push(n.id);
  }
  return found;
}
