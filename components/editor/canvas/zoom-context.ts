'use client';
import { createContext } from 'react';

/**
 * Below this zoom a state's card text is too small to read (11–13 px type drawn under 5 px): nodes
 * draw their name as large as their box allows instead (the box keeps its size and handles, so
 * nothing moves). Just under READABLE_ZOOM (0.45), the smallest zoom a workflow is first shown at,
 * so a workflow always opens with its cards.
 */
export const FAR_ZOOM = 0.4;

/**
 * The canvas zooms out no further than this, and Fit view stops here: a state's name drawn large
 * (farFontSize, about 50 px on a card) is still about 10 px on screen. Below it a 1,000-state chain
 * is specks, which no one can work with. Grouping runs of states into labelled bands was the other
 * way; it hides the very states a designer looks for and is a second way of reading the canvas to
 * learn. With a floor, the canvas always shows states by name; the whole graph is the overview
 * strip's (a click there goes to that part), and Ctrl/⌘+F goes to a state by name.
 */
export const READABLE_MIN_ZOOM = 0.2;

/** True while the canvas is zoomed out below FAR_ZOOM (one subscription for the canvas, not one per node). */
export const FarContext = createContext(false);

/** Collapses or expands a Parallel/Map container by its pointer; null where containers do not collapse (the run view). */
export const ToggleContainerContext = createContext<((id: string) => void) | null>(null);

/** Em widths of a far label (bold Geist): a character of the name, and the type glyph's chip with the space after it. */
const CHAR_EM = 0.68;
const GLYPH_EM = 0.65;
/** The card's padding and left border, and the chip's own padding, in flow pixels. */
const LABEL_PADDING = 24 + 8;

/**
 * The font size, in flow pixels, of a name drawn across a box of `width` × `height` on one line
 * after its type's glyph: as large as fits (the name at about 0.68 em a character, the glyph and
 * its space about 0.65 em), within 70 % of the height, at least 14 px. A name of four or five
 * characters on a Task card is about 60 px: 12 px on screen at the smallest zoom (READABLE_MIN_ZOOM).
 */
export function farFontSize(name: string, width: number, height: number): number {
  const across = (width - LABEL_PADDING) / (CHAR_EM * Math.max(1, name.length) + GLYPH_EM);
  return Math.max(14, Math.floor(Math.min(across, height * 0.7, 96)));
}
