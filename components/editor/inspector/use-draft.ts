'use client';
import { useState } from 'react';

/** Said of a draft just edited when it was written to the document: the value written. */
export type Written = { value: unknown };

/**
 * A control's own copy of a value that lives in the document: text typed into it (which may not
 * parse yet: "1.", "{"), or rows of a key/value editor. The control shows its draft while the user
 * edits, and takes the document's value again only when that value changes from elsewhere (undo,
 * the JSON view, another control). `setDraft(draft, written)`: `written` is the value just written
 * from this draft (omit it when it was not written), so the document coming back with that value
 * keeps the draft as it is.
 */
export function useDraft<T>(value: unknown, init: () => T): [T, (draft: T, written?: Written) => void] {
  const key = keyOf(value);
  const [state, setState] = useState(() => ({ draft: init(), key }));
  let current = state;
  if (state.key !== key) {
    current = { draft: init(), key };
    setState(current);
  }
  const setDraft = (draft: T, written?: Written) => setState((s) => ({ draft, key: written ? keyOf(written.value) : s.key }));
  return [current.draft, setDraft];
}

const keyOf = (value: unknown) => (value === undefined ? '\u0000undefined' : (JSON.stringify(value) ?? ''));

/**
 * A text control whose text is parsed before it is written: `change(text)` keeps the text and
 * writes `onWrite(value)` when `parse` accepts it; `error` says why the current text is not
 * written.
 */
export function useParsedText<T>(
  value: unknown,
  format: () => string,
  parse: (text: string) => { ok: true; value: T } | { ok: false; message: string },
  onWrite: (v: T) => void,
) {
  const [text, setText] = useDraft<string>(value, format);
  const parsed = parse(text);
  const change = (next: string) => {
    const p = parse(next);
    if (p.ok) {
      setText(next, { value: p.value });
      onWrite(p.value);
    } else setText(next);
  };
  return { text, error: parsed.ok ? null : parsed.message, change };
}
