import { ukExact } from './uk-time.ts';

/**
 * The anchors' verdict as server/audit/verify-anchored.ts gives it (AnchorVerification), in the
 * fields worded here: the browser words the same verdict, so the shape is stated here, not imported.
 */
export interface AnchorVerdict {
  status: 'none' | 'intact' | 'broken' | 'unavailable';
  sources: { file: string; fileFound: boolean; redis: boolean };
  checked: number;
  newest: { entryId: number; anchoredAt: string; reason: string } | null;
  unreadable: number;
  problem?: { detail: string };
  error?: string;
}

/**
 * The anchors' verdict in words, for `dcf audit verify` and the console's "Verify integrity"
 * (one wording for both). Pure; times en-GB in Europe/London. `headline`: the reason the log is
 * not intact when the anchors are that reason; `lines`: what to print under the verdict.
 */
export function anchorText(a: AnchorVerdict): { headline?: string; lines: string[] } {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
  const where = a.sources.redis ? `${a.sources.file} or Redis` : a.sources.file;
  const lines: string[] = [];
  let headline: string | undefined;
  if (a.status === 'none') lines.push(`Anchors: the log has no external anchor yet (none in ${where}).`);
  else if (a.status === 'unavailable') headline = `the log cannot be checked against its anchors: ${a.error}`;
  else if (a.status === 'broken') headline = a.problem!.detail;
  else {
    const n = a.newest!;
    lines.push(
      `Anchors: intact up to the newest anchor, entry #${n.entryId} of ${ukExact(n.anchoredAt)} (${n.reason}); ` +
        `${count(a.checked, 'anchor', 'anchors')} checked.`,
    );
  }
  if (a.unreadable > 0) {
    const what = count(a.unreadable, 'stored anchor line was', 'stored anchor lines were');
    lines.push(`  ${what} not an anchor (ignored).`);
  }
  if (a.status !== 'none' && a.status !== 'unavailable' && !a.sources.fileFound) {
    lines.push(`  The anchor file ${a.sources.file} does not exist: the anchors came from Redis.`);
  }
  return { ...(headline ? { headline } : {}), lines };
}
