import { ukExact } from '@/lib/uk-time';
import { anchorText } from '@/lib/audit-anchor-text';
import type { AuditVerification } from './types';

/**
 * How the audit panel writes times, counts, hashes and a verification, as UK users read them:
 * en-GB, in Europe/London time (GMT or BST as the date falls), whatever the browser's zone. Pure.
 */
/** "8 Jul 2024, 10:00:05 BST" (London time, with its zone: GMT or BST). */
export const auditTimeText = (at: Date) => ukExact(at.toISOString());

/** "1,234". */
export const countText = (n: number) => n.toLocaleString('en-GB');

/** `sha256:` and the first 16 hex digits, then "…": enough to tell entries apart; the full value goes in a tooltip. */
export const shortHash = (hash: string) => (hash.length > 23 ? `${hash.slice(0, 23)}…` : hash);

const entries = (n: number) => `${countText(n)} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * The verdict as a headline and the lines under it: the chain's first problem, else the anchors'
 * (a truncation or a rewrite after an anchored entry: lib/audit-anchor-text.ts), else intact.
 */
export function verificationText(v: AuditVerification): { headline: string; lines: string[] } {
  const before = v.unchained > 0 ? [`${entries(v.unchained)} from before the chain began (not verifiable).`] : [];
  const anchors = anchorText(v.anchors);
  if (v.firstProblem) {
    const p = v.firstProblem;
    const lines = [`${p.detail}.`, `${entries(v.checked)} checked and intact before it.`, ...before];
    if (anchors.headline) lines.push(`Anchors: ${anchors.headline}.`);
    return { headline: `Not intact: entry #${p.id} was ${p.kind}.`, lines: [...lines, ...anchors.lines] };
  }
  if (anchors.headline) {
    const lines = [`${entries(v.checked)} checked: the chain itself is intact.`, ...before, ...anchors.lines];
    return { headline: `Not intact: ${anchors.headline}.`, lines };
  }
  return { headline: `Intact: ${entries(v.checked)} checked.`, lines: [...before, ...anchors.lines] };
}
