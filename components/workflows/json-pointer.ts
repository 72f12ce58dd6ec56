import { pointerTokens } from '@/lib/json-pointer';
import type { JsonLocation } from './json-source-map';

/**
 * JSON pointers (RFC 6901) as the validators report them, resolved against a parsed document's
 * locations, and read as Letta-ASL: which state a finding belongs to.
 */

export type PointerTarget = {
  location: JsonLocation;
  /** The pointer actually found: the requested one, or its nearest existing ancestor. */
  found: string;
  /** False when the pointed-at member does not exist (e.g. a required key that is missing). */
  exact: boolean;
};

/** Finds `pointer` in the document, falling back to the nearest ancestor that exists. */
export function locatePointer(locations: ReadonlyMap<string, JsonLocation>, pointer: string): PointerTarget | null {
  if (pointerTokens(pointer) === null) return null;
  let current = pointer;
  for (;;) {
    const location = locations.get(current);
    if (location) return { location, found: current, exact: current === pointer };
    if (current === '') return null;
    current = current.slice(0, current.lastIndexOf('/'));
  }
}

/**
 * The chain of state names a pointer lies in, outermost first: `/asl/States/P/Branches/0/States/S/Parameters`
 * → `['P', 'S']`. Only real state-machine positions count (`asl.States`, a Parallel's
 * `Branches[n].States`, a Map's `ItemProcessor.States` or legacy `Iterator.States`), so a
 * Parameters key that happens to be called "States" is not mistaken for a state.
 */
export function stateChain(pointer: string): string[] {
  const tokens = pointerTokens(pointer);
  if (!tokens || tokens[0] !== 'asl') return [];
  const chain: string[] = [];
  let i = 1;
  while (tokens[i] === 'States' && tokens[i + 1] !== undefined) {
    chain.push(tokens[i + 1]!);
    i += 2;
    if (tokens[i] === 'Branches' && /^\d+$/.test(tokens[i + 1] ?? '')) i += 2;
    else if (tokens[i] === 'ItemProcessor' || tokens[i] === 'Iterator') i += 1;
    else break;
  }
  return chain;
}
