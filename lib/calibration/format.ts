import type { Figure } from './figures.ts';

/**
 * How an agreement figure is written, wherever it is shown: the results page, and the Planner's
 * answers in the chat (the same figures, written the same way). Pure.
 */

/** "83.3%", or "—" when there is nothing to compare. */
export const percentText = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
/** "0.41", or "—" when kappa is undefined (no items, or everyone gave the same answer). */
export const kappaText = (x: number | null) => (x === null ? '—' : x.toFixed(2));
/** A figure's sample in words, and that it is thin (under the minimum sample) when it is. */
export const sampleText = (f: Figure, min: number) => `n = ${f.n}${f.thin ? ` — thin (under ${min})` : ''}`;
