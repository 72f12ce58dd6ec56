import type { QaEvidence, QaTurn } from '../../lib/qa-record.ts';
import { num } from '../../lib/is-record.ts';

/**
 * Placing quoted text in a transcript: the turns' character ranges, and where a quote (a
 * verdict's evidence, a sentiment flag's excerpt) falls — its offsets, its turn and that turn's
 * times. A quote is located by its text, so evidence from a skill that read another text (the
 * advisor-only text of the product-explanation workflow) still lands in the full transcript.
 */
type Segment = { text: string; start_s?: unknown; end_s?: unknown; speaker?: unknown };

/** Turns with their offsets in `text`, found in order; a segment not found in the text is skipped. */
export function turnsOf(text: string, segments: Segment[]): QaTurn[] {
  const turns: QaTurn[] = [];
  let cursor = 0;
  for (const s of segments) {
    if (typeof s.text !== 'string' || s.text === '') continue;
    const at = text.indexOf(s.text, cursor);
    if (at < 0) continue;
    cursor = at + s.text.length;
    turns.push({
      speaker: typeof s.speaker === 'string' && s.speaker ? s.speaker : null,
      text: s.text,
      start_s: num(s.start_s),
      end_s: num(s.end_s),
      start: at,
      end: cursor,
    });
  }
  return turns;
}

/** The turn holding offset `at` (the last turn starting at or before it). */
function turnAt(turns: QaTurn[], at: number): number {
  let lo = 0;
  let hi = turns.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (turns[mid]!.start <= at) ((found = mid), (lo = mid + 1));
    else hi = mid - 1;
  }
  return found;
}

/**
 * Where `quote` is in the transcript: the skill's own span when it points at exactly the quote,
 * else the first occurrence of the quote; null when the quote is empty or not in the text.
 */
export function locate(
  text: string,
  turns: QaTurn[],
  quote: string | null,
  hint?: { start: number; end: number } | null,
): QaEvidence | null {
  if (!quote) return null;
  const start = hint && text.slice(hint.start, hint.end) === quote ? hint.start : text.indexOf(quote);
  if (start < 0) return null;
  const turn = turnAt(turns, start);
  const t = turns[turn];
  return { quote, start, end: start + quote.length, turn, start_s: t?.start_s ?? null, end_s: t?.end_s ?? null };
}
