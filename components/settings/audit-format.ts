import { ukExact } from '@/lib/uk-time';
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

/** The verdict as a headline and the lines under it. */
export function verificationText(v: AuditVerification): { headline: string; lines: string[] } {
  const before = v.unchained > 0 ? [`${entries(v.unchained)} from before the chain began (not verifiable).`] : [];
  if (v.intact) return { headline: `Intact: ${entries(v.checked)} checked.`, lines: before };
  const p = v.firstProblem!;
  const lines = [`${p.detail}.`, `${entries(v.checked)} checked and intact before it.`, ...before];
  return { headline: `Not intact: entry #${p.id} was ${p.kind}.`, lines };
}
