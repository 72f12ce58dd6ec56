'use client';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';

/** What the canvas' search asks of its owner. */
export interface StateSearch {
  /** Pointers of the states matching `query`, in the order Enter walks them. */
  find(query: string): string[];
  /** Select the state and centre it on the canvas. */
  show(pointer: string): void;
  /** A state's name, for the box's "2 of 5: S12". */
  nameOf(pointer: string): string;
}

/**
 * The canvas' find box (Ctrl/⌘+F while the canvas has focus): a state by name, type or skill.
 * Typing shows the first match; Enter or ↓ goes to the next, Shift+Enter or ↑ to the previous
 * (wrapping round); each match is selected and centred. Escape closes it and gives the canvas its
 * focus back. Keys typed here never reach the canvas' own shortcuts (Delete, copy, paste).
 */
export function FindStateBox({ search, onClose }: { search: StateSearch; onClose(): void }) {
  const [query, setQuery] = useState('');
  const [at, setAt] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => search.find(query), [search, query]);
  useEffect(() => input.current?.focus(), []);

  const go = (i: number) => {
    if (matches.length === 0) return;
    const next = (i + matches.length) % matches.length;
    setAt(next);
    search.show(matches[next]!);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    e.stopPropagation();
    const mod = e.ctrlKey || e.metaKey;
    if (e.key === 'Escape') onClose();
    else if (e.key === 'Enter') go(e.shiftKey ? at - 1 : at + 1);
    else if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    // Ctrl/⌘+F again selects the query, as in a browser's find bar.
    else if (mod && e.key.toLowerCase() === 'f') input.current?.select();
    else return;
    e.preventDefault();
  };
  const current = matches[at];
  return (
    <div
      className="absolute top-2 right-2 z-10 flex items-center gap-2 rounded-md border border-slate-300 bg-white px-2 py-1.5 shadow-md"
      role="search"
      aria-label="Find a state"
      data-testid="find-state"
      // Copy, cut and paste of the query are the input's, not the canvas' (states).
      onCopy={(e) => e.stopPropagation()}
      onCut={(e) => e.stopPropagation()}
      onPaste={(e) => e.stopPropagation()}
    >
      <input
        ref={input}
        type="search"
        className="w-56 rounded border border-slate-300 px-2 py-1 text-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200"
        placeholder="Find a state: name, type or skill"
        aria-label="Find a state by name, type or skill"
        value={query}
        onChange={(e) => {
          const q = e.target.value;
          setQuery(q);
          setAt(0);
          const first = search.find(q)[0];
          if (first) search.show(first);
        }}
        onKeyDown={onKeyDown}
      />
      <span className="min-w-24 text-xs text-slate-600" aria-live="polite" data-testid="find-state-count">
        {query.trim() === '' ? '' : matches.length === 0 ? 'No match' : `${at + 1} of ${matches.length}: ${search.nameOf(current!)}`}
      </span>
      <button
        type="button"
        className="rounded px-1 text-xs text-slate-600 hover:bg-slate-100"
        onClick={() => go(at - 1)}
        aria-label="Previous match"
      >
        ↑
      </button>
      <button
        type="button"
        className="rounded px-1 text-xs text-slate-600 hover:bg-slate-100"
        onClick={() => go(at + 1)}
        aria-label="Next match"
      >
        ↓
      </button>
      <button
        type="button"
        className="rounded px-1 text-xs text-slate-600 hover:bg-slate-100"
        onClick={onClose}
        aria-label="Close the search"
      >
        ✕
      </button>
    </div>
  );
}
