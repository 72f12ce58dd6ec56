import { locatePointer } from './json-pointer';
import { lineColumnAt, type JsonParseResult, type JsonSyntaxError } from './json-source-map';
import type { EditorHighlight, IssueTone } from './json-editor';
import type { PinnedLocation } from './location-bar';
import type { Finding } from './types';

/** The text range to select when a location is revealed, and the line to scroll to. */
export type RevealTarget = { start: number; end: number; line: number };

/**
 * Resolves a pointer in the current text: the member's key when it has one (that is the line a
 * person looks for), else its value. Selects the key, or a value that fits on one line; for a
 * multi-line value without a key (an array item) only places the caret at its start.
 */
export function resolvePointer(text: string, parsed: JsonParseResult | null, pointer: string) {
  if (!parsed?.ok) return null;
  const hit = locatePointer(parsed.locations, pointer);
  if (!hit) return null;
  const { key, value } = hit.location;
  const anchor = key ?? value;
  const at = lineColumnAt(text, anchor.start);
  const valueEndLine = lineColumnAt(text, Math.max(value.start, value.end - 1)).line;
  const select = key ?? (valueEndLine === at.line ? value : { start: value.start, end: value.start });
  return { ...hit, line: at.line, column: at.column, endLine: valueEndLine, reveal: { ...select, line: at.line } satisfies RevealTarget };
}

/** Gutter marks: each located finding's line, errors winning over warnings. */
export function findingMarks(text: string, parsed: JsonParseResult | null, findings: Finding[]): Map<number, IssueTone> {
  const marks = new Map<number, IssueTone>();
  for (const f of findings) {
    const r = resolvePointer(text, parsed, f.path);
    if (!r) continue;
    if (f.severity === 'error' || !marks.has(r.line)) marks.set(r.line, f.severity);
  }
  return marks;
}

/** What the editor highlights and the caption says: a shown syntax error first, else the selected finding. */
export function pinFor(
  text: string,
  parsed: JsonParseResult | null,
  syntaxError: JsonSyntaxError | null,
  selected: Finding | null,
): { pin: PinnedLocation | null; highlight: EditorHighlight | null } {
  if (syntaxError) {
    return { pin: { kind: 'syntax', line: syntaxError.line, column: syntaxError.column }, highlight: { line: syntaxError.line, endLine: syntaxError.line, tone: 'parse' } };
  }
  if (!selected) return { pin: null, highlight: null };
  const r = resolvePointer(text, parsed, selected.path);
  if (!r) return { pin: { kind: 'unlocatable', pointer: selected.path }, highlight: null };
  return {
    pin: { kind: 'finding', pointer: selected.path, found: r.found, exact: r.exact, line: r.line, column: r.column },
    // The faint band shows the extent of the pointed-at value; for a missing member it would
    // paint its whole parent (possibly the entire document), so only the parent's line is marked.
    highlight: { line: r.line, endLine: r.exact ? r.endLine : r.line, tone: selected.severity },
  };
}
