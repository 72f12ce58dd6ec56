'use client';
import { startTransition, useEffect, useState } from 'react';
import { keysQuiet, TYPING_PAUSE_MS } from './input-idle';

/**
 * `value`, or — while `mayHold(shown, value)` says so — the value returned before, until keys
 * have paused (TYPING_PAUSE_MS); then `value` in a transition. When `mayHold` says no, `value`
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
  const hold = shown !== value && mayHold(shown, value);
  // Not held: adopted in this render (React renders again before committing).
  if (shown !== value && !hold) setShown(value);
  useEffect(() => {
    if (!hold) return;
    let live = true;
    void keysQuiet(TYPING_PAUSE_MS).then(() => {
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
