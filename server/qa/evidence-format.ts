import { ROLE_LABELS, type Role } from '../../lib/roles.ts';
import type { QaReviewActionRow } from '../db/schema/index.ts';
import type { Run } from './pdf-writer.ts';
import type { QaTurn, QaVerdict, QaVerdictValue } from '../../lib/qa-record.ts';

/** Wording shared by the evidence pack's sections (pure). */

/** Seconds into the recording as m:ss (h:mm:ss past an hour); "—" when unknown. */
export function clock(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '—';
  const t = Math.max(0, Math.floor(s));
  const [h, m, sec] = [Math.floor(t / 3600), Math.floor((t % 3600) / 60), t % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

export const VERDICT_LABEL: Record<QaVerdictValue, string> = { pass: 'PASS', fail: 'FAIL', not_applicable: 'NOT APPLICABLE' };

export const roleLabel = (role: string) => ROLE_LABELS[role as Role] ?? role;

const RANK: Record<QaVerdictValue, number> = { fail: 0, pass: 1, not_applicable: 2 };

/** Failed rules first, then passed, then not applicable; mandatory rules first within each; else as stored. */
export function verdictOrder(verdicts: readonly QaVerdict[]): QaVerdict[] {
  return verdicts
    .map((v, i) => ({ v, i }))
    .sort((a, b) => RANK[a.v.verdict] - RANK[b.v.verdict] || Number(b.v.mandatory) - Number(a.v.mandatory) || a.i - b.i)
    .map((x) => x.v);
}

/** A turn's heading: "Turn 7 · Advisor · 1:23–1:31". */
export function turnLabel(index: number, turn: QaTurn): string {
  const time = turn.start_s === null ? 'time unknown' : `${clock(turn.start_s)}–${clock(turn.end_s)}`;
  return `Turn ${index + 1} · ${turn.speaker ?? 'Unknown speaker'} · ${time}`;
}

/**
 * A turn's text as runs with the spans (transcript offsets, any order, may overlap) marked; a
 * span reaching outside the turn is clipped to it. Marked text is wrapped in « » as well, so the
 * quote still stands out where underlining is lost (copied text).
 */
export function markedRuns(turn: QaTurn, spans: ReadonlyArray<{ start: number; end: number }>): Run[] {
  const inside = spans
    .map((s) => ({ start: Math.max(s.start, turn.start) - turn.start, end: Math.min(s.end, turn.end) - turn.start }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const merged: Array<{ start: number; end: number }> = [];
  for (const s of inside) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  const runs: Run[] = [];
  let at = 0;
  for (const s of merged) {
    runs.push({ text: turn.text.slice(at, s.start) }, { text: `«${turn.text.slice(s.start, s.end)}»`, mark: true });
    at = s.end;
  }
  runs.push({ text: turn.text.slice(at) });
  return runs;
}

/** What one review action did, in words: "overrode FCA-DISC-02 (mandatory): from fail to pass". */
export function actionText(a: QaReviewActionRow): string {
  const score = (n: number | null) => (n === null ? '—' : String(n));
  switch (a.kind) {
    case 'rule':
      return a.decision === 'override'
        ? `overrode ${a.ruleId}${a.mandatory ? ' (mandatory)' : ''}: from ${a.aiVerdict} to ${a.humanVerdict}`
        : `agreed with the AI on ${a.ruleId}: ${a.aiVerdict}`;
    case 'score':
      return a.decision === 'override'
        ? `overrode the score: from ${score(a.aiScore)} to ${score(a.humanScore)}`
        : `agreed with the AI score ${score(a.aiScore)}`;
    case 'comment':
      return 'commented';
    case 'sign_off':
      return 'signed the review off';
    default:
      return String(a.kind);
  }
}
