/**
 * Sentences with their character offsets in the text they come from, so that an evidence quote
 * can always be located again: `text.slice(s.start, s.end) === s.text`.
 */
export interface Span {
  text: string;
  start: number;
  end: number;
}

/** A leading `Speaker: ` label (diarized text) is not part of what was said. */
const SPEAKER_PREFIX = /^[A-Z][A-Za-z]{1,30}: /;

/**
 * Splits on sentence ends (`.`, `?`, `!` followed by whitespace) and on line breaks. A decimal
 * point ("8.9", "HELOC 2.0") is not followed by whitespace, so it does not split.
 */
export function sentences(text: string): Span[] {
  const out: Span[] = [];
  const re = /[^\n]+?(?:[.?!](?=\s|$)|(?=\n)|$)/g;
  for (const m of text.matchAll(re)) {
    let start = m.index;
    let body = m[0];
    const lead = body.length - body.trimStart().length;
    start += lead;
    body = body.trim();
    const prefix = SPEAKER_PREFIX.exec(body);
    if (prefix) {
      start += prefix[0].length;
      body = body.slice(prefix[0].length);
    }
    if (body) out.push({ text: body, start, end: start + body.length });
  }
  return out;
}

/** The sentence of `text` that contains the character at `index` (a regex match position). */
export function sentenceAt(all: Span[], index: number): Span | undefined {
  return all.find((s) => index >= s.start && index < s.end);
}

/** Lines of `Speaker: text`, or undefined when any non-empty line lacks a speaker label. */
export function labelledLines(text: string): Array<{ speaker: string; text: string }> | undefined {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  const out: Array<{ speaker: string; text: string }> = [];
  for (const line of lines) {
    const m = /^([A-Z][A-Za-z ]{0,30}):\s+(.+)$/.exec(line);
    if (!m) return undefined;
    out.push({ speaker: m[1]!, text: m[2]! });
  }
  return out;
}
