'use client';

/** When a key was last pressed anywhere on the page (performance.now()), or never. */
let lastKey = -Infinity;

/** A pause in typing: longer than between two keys of a word. */
export const TYPING_PAUSE_MS = 300;
let listening = false;

/**
 * Starts noting keys (once per page). `keysQuiet` starts it too, but a key pressed before then is
 * not seen: a caller that asks only after a key (the canvas' hold, whose first wait begins after
 * the first key of a field) starts it when it mounts.
 */
export function watchKeys() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('keydown', () => (lastKey = performance.now()), { capture: true, passive: true });
}

/**
 * Resolves once no key has been pressed for `quietMs` (at once when none was). A new layout moves
 * every node of the canvas — a render, a store update and DOM work that at 1,000 states takes a
 * good part of a frame budget or more — so it lands in a pause of typing rather than between two
 * keys of a word. Listening starts with the first call.
 */
export async function keysQuiet(quietMs: number): Promise<void> {
  watchKeys();
  for (;;) {
    const wait = lastKey + quietMs - performance.now();
    if (wait <= 0) return;
    await new Promise((r) => setTimeout(r, wait));
  }
}
