/**
 * The dashboard's colours: Okabe–Ito's palette for colour-blind readers (no red/green pair), each
 * dark enough to read on white and on a black-and-white print, where lines also differ by marker.
 * The reference line (the team) is near-black and heavier than any advisor's.
 */
export const SERIES_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#8C6D00', '#56B4E9', '#7A4EAB', '#5F6B7A'] as const;
export const REFERENCE_COLOUR = '#1E293B';
export const GOOD = '#009E73';
export const BAD = '#D55E00';
export const NEUTRAL = '#94A3B8';
export const AXIS_TEXT = '#475569';
export const GRID_LINE = '#E2E8F0';
/** Line markers in turn, so lines stay apart in grey. */
export const MARKERS = ['circle', 'rect', 'triangle', 'diamond', 'roundRect', 'pin', 'arrow', 'emptyCircle'] as const;

export const seriesColour = (i: number) => SERIES_COLOURS[i % SERIES_COLOURS.length]!;
export const marker = (i: number) => MARKERS[i % MARKERS.length]!;
