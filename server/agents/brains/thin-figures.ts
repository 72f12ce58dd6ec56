import { isThin, MIN_SAMPLE, tooFewWords } from '../../../lib/min-sample.ts';

/**
 * How the Planner and the Conductor mark a figure (a mean, a pass or fail rate, an agreement, the
 * ranking built on them) that stands on fewer than MIN_SAMPLE calls or decisions (lib/min-sample.ts,
 * the rule of the dashboard's headlines and the calibration results): it is still stated, and says
 * it is thin in the pages' words. Every figure a chat answer states goes through one of these.
 */

/** After a figure in a sentence: " — too few scored calls to read much into (a mean needs 10)"; "" when it is not thin. */
export function thinNote(n: number, of: string, what: string): string {
  return isThin(n) ? ` — ${tooFewWords(of, what)}` : '';
}

/** A figure in a table cell: "60/100 (thin)" when it stands on fewer than MIN_SAMPLE; the figure alone otherwise. */
export function thinCell(figure: string, n: number): string {
  return isThin(n) ? `${figure} (thin)` : figure;
}

/** What "thin" means, said once under the figures so marked (tables, the calibration answer). */
export function thinMeaning(of: string): string {
  return `A figure marked thin stands on fewer than ${MIN_SAMPLE} ${of}: it is stated, but not to be read much into.`;
}

/** Under a table with a cell marked thin: thinMeaning; "" when none is. */
export function thinFootnote(ns: number[], of: string): string {
  return ns.some(isThin) ? thinMeaning(of) : '';
}
