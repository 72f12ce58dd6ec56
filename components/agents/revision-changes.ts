import { jsonDiff, type DiffEntry } from '@/components/graph/json-diff';
import { isJsonDocument } from '@/lib/block-rules';
import { lineDiff, type LineOp } from './line-diff';

/**
 * What a revision changed from the one before it: for JSON documents (session_context,
 * strategist_guidelines: one compact line each) the members that changed, by JSON pointer;
 * for text, the lines. The first revision has nothing before it.
 */
export type RevisionChanges = { kind: 'first' } | { kind: 'json'; entries: DiffEntry[] } | { kind: 'lines'; ops: LineOp[] };

export function revisionChanges(before: string | null, after: string): RevisionChanges {
  if (before === null) return { kind: 'first' };
  if (isJsonDocument(before) && isJsonDocument(after)) return { kind: 'json', entries: jsonDiff(JSON.parse(before), JSON.parse(after)) };
  return { kind: 'lines', ops: lineDiff(before, after) };
}
