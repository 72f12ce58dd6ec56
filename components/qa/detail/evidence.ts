import type { QaEvidence, QaFlag, QaTurn, QaVerdict } from '../types';

/**
 * Evidence in the transcript: every rule verdict and sentiment flag that quotes the call points at
 * `start..end`, character offsets in the transcript's `text` (turns carry their own offsets).
 * Pure: the transcript view and the verdict list use these to link each other both ways.
 */

/** A stretch of the transcript something quotes; `id` names what (see `verdictEvidenceId`, `flagEvidenceId`). */
export interface EvidenceSpan {
  id: string;
  start: number;
  end: number;
}

/** A piece of one turn's text: `ids` are the spans covering it (empty for plain text). Offsets are the transcript's. */
export interface TextPart {
  text: string;
  start: number;
  end: number;
  ids: string[];
}

export const verdictEvidenceId = (ruleId: string) => `rule:${ruleId}`;
export const flagEvidenceId = (index: number) => `flag:${index}`;

/** The spans of every verdict and flag that has evidence, in that order. */
export function evidenceSpans(verdicts: readonly QaVerdict[], flags: readonly QaFlag[]): EvidenceSpan[] {
  const spans: EvidenceSpan[] = [];
  for (const v of verdicts) if (v.evidence) spans.push({ id: verdictEvidenceId(v.rule_id), start: v.evidence.start, end: v.evidence.end });
  flags.forEach((f, i) => {
    if (f.evidence) spans.push({ id: flagEvidenceId(i), start: f.evidence.start, end: f.evidence.end });
  });
  return spans;
}

/**
 * Splits one turn's text into plain and quoted parts. A turn holds `text` from offset `turn.start`;
 * each span is clipped to the turn (a span may start in one turn and end in the next, or lie
 * outside it: then it adds nothing here). Overlapping spans split the text at every boundary,
 * and each part lists every span covering it, in the order the spans were given. Adjacent parts
 * covered by the same spans are one part; empty or inverted spans are ignored. The parts' texts
 * joined are the turn's text.
 */
export function splitTurn(turn: Pick<QaTurn, 'text' | 'start'>, spans: readonly EvidenceSpan[]): TextPart[] {
  const from = turn.start;
  const to = turn.start + turn.text.length;
  const inside = spans
    .map((s) => ({ id: s.id, start: Math.max(s.start, from), end: Math.min(s.end, to) }))
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.start < s.end);
  const cuts = [...new Set([from, to, ...inside.flatMap((s) => [s.start, s.end])])].sort((a, b) => a - b);
  const parts: TextPart[] = [];
  for (let i = 0; i < cuts.length - 1; i++) {
    const start = cuts[i]!;
    const end = cuts[i + 1]!;
    const ids = inside.filter((s) => s.start <= start && s.end >= end).map((s) => s.id);
    const prev = parts.at(-1);
    if (prev && sameIds(prev.ids, ids)) {
      prev.end = end;
      prev.text = turn.text.slice(prev.start - from, end - from);
    } else {
      parts.push({ text: turn.text.slice(start - from, end - from), start, end, ids });
    }
  }
  return parts;
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The turn evidence is in: its `turn` index when that turn holds its start, else the turn whose
 * offsets contain the start (-1 when none does).
 */
export function turnOfEvidence(evidence: Pick<QaEvidence, 'start' | 'turn'>, turns: readonly Pick<QaTurn, 'start' | 'end'>[]): number {
  const inTurn = (t: Pick<QaTurn, 'start' | 'end'> | undefined) => !!t && evidence.start >= t.start && evidence.start < t.end;
  if (inTurn(turns[evidence.turn])) return evidence.turn;
  return turns.findIndex(inTurn);
}

/** "01:05" from seconds into the call; "—" when unknown. Calls over an hour read "1:02:05". */
export function clockOf(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h > 0 ? `${h}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}` : `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** The element id of a transcript turn (the verdicts scroll to it). */
export const turnElementId = (index: number) => `turn-${index}`;

/** The element id of what an evidence id names: a verdict (`verdict-<rule id>`) or a sentiment flag (`sentiment-flag-<n>`). */
export function resultElementId(evidenceId: string): string {
  const [kind, rest] = [evidenceId.slice(0, evidenceId.indexOf(':')), evidenceId.slice(evidenceId.indexOf(':') + 1)];
  return kind === 'flag' ? `sentiment-flag-${rest}` : `verdict-${rest}`;
}
