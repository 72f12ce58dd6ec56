'use client';
import { createContext } from 'react';

/**
 * Below this zoom a state's card text is too small to read (11–13 px type drawn under 5 px): nodes
 * draw their name as large as their box allows instead (the box keeps its size and handles, so
 * nothing moves). Just under READABLE_ZOOM (0.45), the smallest zoom a workflow is first shown at,
 * so a workflow always opens with its cards.
 */
export const FAR_ZOOM = 0.4;

/** True while the canvas is zoomed out below FAR_ZOOM (one subscription for the canvas, not one per node). */
export const FarContext = createContext(false);

/** Collapses or expands a Parallel/Map container by its pointer; null where containers do not collapse (the run view). */
export const ToggleContainerContext = createContext<((id: string) => void) | null>(null);

/**
 * The font size, in flow pixels, of a name drawn across a box of `width` × `height` on one line:
 * as large as fits (about 0.62 em per character, within 70 % of the height), at least 14 px.
 * A short name stays readable down to a fifth of the normal zoom.
 */
export function farFontSize(name: string, width: number, height: number): number {
  const across = (width - 24) / (0.62 * Math.max(1, name.length));
  return Math.max(14, Math.floor(Math.min(across, height * 0.7, 96)));
}
