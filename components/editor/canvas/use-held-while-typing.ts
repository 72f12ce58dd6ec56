'use client';
import { startTransition, useEffect, useState } from 'react';
import { keysQuiet, watchKeys } from './input-idle';

/**
 * How long keys must pause before the canvas catches up with what was typed: done with the field
 * for now, not between two keys. Longer than the layout's pause (TYPING_PAUSE_MS, 300 ms): the
 * catch-up walks every state, and traced at 1,000 states on a loaded machine it took 60–190 ms, so
 * at 300 ms it ran between the keys of slow typing (a key every 300–600 ms) and the next key waited
 * for it. What typing changes on the canvas meanwhile is the selected state's card, which is live.
 */
export const CATCH_UP_AFTER_MS = 1000;

/**
 * `value`, or — while `mayHold(shown, value)` says so — the value returned before, until keys
 * have paused (CATCH_UP_AFTER_MS); then `value` in a transition. When `mayHold` says no, `value`
 * at once.
 *
 * Why: the canvas draws a copy of the document, and each new document costs it a walk of every
 * state (the flow graph, the sizes, the layout's signature, React Flow's nodes and edges: tens of
 * ms at 1,000 states, more under load) even when React defers it; between two keys of a word that
 * work met the next key. A keystroke in a field changes what the selected state's card shows, and
 * that card reads the current document itself (live-selection.ts); the rest of the canvas catches
 * up once typing pauses.
 */
export function useHeldWhileTyping<T>(value: T, mayHold: (shown: T, next: T) => boolean): T {
  const [shown, setShown] = useState(value);
  // Keys are noted from the start: the first wait begins after the first key of a field, which must count.
  useEffect(watchKeys, []);
  const hold = shown !== value && mayHold(shown, value);
  // Not held: adopted in this render (React renders again before committing).
  if (shown !== value && !hold) setShown(value);
  useEffect(() => {
    if (!hold) return;
    let live = true;
    void keysQuiet(CATCH_UP_AFTER_MS).then(() => {
      if (live) startTransition(() => setShown(value));
    });
    return () => {
      live = false;
    };
  }, [hold, value]);
  return hold ? shown : value;
}

/** The canvas' copy of the editor: the document and the selection, deferred together. */
export type CanvasCopy<D> = { doc: D; selection: readonly string[] };

/**
 * When the canvas' copy may wait: while a field is being typed into (`typing`: the history's open
 * group, a run of keystrokes in one field that undo takes back as one) and the selection is the
 * one drawn. A gesture (a drop, an undo, a rename on Enter) or a new selection is drawn at once.
 */
export const holdWhileTyping =
  (typing: boolean) =>
  <D>(shown: CanvasCopy<D>, next: CanvasCopy<D>): boolean =>
    typing && shown.selection === next.selection;
