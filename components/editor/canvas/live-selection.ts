'use client';
import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { isStateType } from '@/server/engine/asl/state-fields';
import { indexStates } from '../model/state-index';
import { stateAt } from '../model/lookup';
import { reuseEqual } from '../state/reuse-equal';
import type { StateNodeData } from './node-data';
import { stateData } from './to-react-flow';

/**
 * The selected state's card fields from the current document, over `drawn` (its card as drawn from
 * the canvas' deferred copy): comment, skills, rule, retrier and catcher counts. Its name, type,
 * findings and place stay the deferred copy's (a rename or a type change moves edges and boxes: the
 * layout's business). `drawn` itself when nothing of the card differs, or the state is gone or of
 * another type now.
 */
export function liveCardData(drawn: StateNodeData, doc: unknown, pointer: string): StateNodeData {
  const found = stateAt(indexStates(doc), pointer);
  if (!found.ok || found.state.Type !== drawn.kind || !isStateType(found.state.Type)) return drawn;
  const model = {
    kind: 'state' as const,
    id: pointer,
    name: drawn.name,
    type: found.state.Type,
    state: found.state,
    scope: found.node.scope.pointer,
    isStart: drawn.isStart,
    terminal: drawn.terminal ? ('End' as const) : null,
    container: false,
  };
  return reuseEqual(drawn, { ...drawn, ...stateData(model, drawn.findings, drawn.readOnly, drawn.run) });
}

/** The current document and the one selected state, for that state's card (a store, so only that card redraws). */
export interface LiveSelection {
  set(doc: unknown, pointer: string | null): void;
  subscribe(listener: () => void): () => void;
  /** The current document while `pointer` is the selected state, else null. */
  docFor(pointer: string): unknown;
}

export function createLiveSelection(): LiveSelection {
  let current: { doc: unknown; pointer: string | null } = { doc: null, pointer: null };
  const listeners = new Set<() => void>();
  return {
    set(doc, pointer) {
      if (doc === current.doc && pointer === current.pointer) return;
      current = { doc, pointer };
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    docFor: (pointer) => (current.pointer === pointer ? current.doc : null),
  };
}

/** The editor's live selection; null where cards are only drawn (the run and comparison views). */
export const LiveSelectionContext = createContext<LiveSelection | null>(null);

const never = () => () => {};

/**
 * A card's data: while its state is the selected one, from the current document (what is typed into
 * the inspector shows on the card at once); otherwise as drawn. The canvas draws a deferred copy of
 * the document (a thousand nodes to diff per keystroke, in a render React may interrupt); this
 * redraws the one card without handing React Flow a new list of nodes. Each card subscribes, and
 * only the card whose answer changes redraws.
 */
export function useLiveCardData(pointer: string, drawn: StateNodeData): StateNodeData {
  const live = useContext(LiveSelectionContext);
  const doc = useSyncExternalStore(
    live?.subscribe ?? never,
    () => live?.docFor(pointer) ?? null,
    () => null,
  );
  return useMemo(() => (doc === null ? drawn : liveCardData(drawn, doc, pointer)), [doc, drawn, pointer]);
}
