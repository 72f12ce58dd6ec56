import { isRecord } from '../../lib/is-record.ts';
/**
 * Recognising the QA parts of a run by the shape of each Task's data-plane envelope
 * (workflows/README.md "What each skill tool returns"), not by state names: a transcription
 * (`text` + timed `segments`), a sentiment report (`overall`, `score`, `flags`), compliance
 * verdicts (`verdicts`), a score (`score` + `max_score`) and a recordings list (`recordings`).
 */
export type Obj = Record<string, unknown>;
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export type Part = 'transcription' | 'sentiment' | 'compliance' | 'scoring' | 'recordings';

/** The part a successful envelope's `data` is, or null. */
export function partOf(envelope: unknown): Part | null {
  if (!isRecord(envelope) || envelope.ok !== true || !isRecord(envelope.data)) return null;
  const d = envelope.data;
  if (Array.isArray(d.verdicts)) return 'compliance';
  if (num(d.score) !== null && num(d.max_score) !== null) return 'scoring';
  if (typeof d.overall === 'string' && num(d.score) !== null && Array.isArray(d.flags)) return 'sentiment';
  if (typeof d.text === 'string' && Array.isArray(d.segments) && d.segments.some((s) => isRecord(s) && 'start_s' in s)) return 'transcription';
  if (Array.isArray(d.recordings)) return 'recordings';
  return null;
}

/**
 * The group a state instance belongs to: its Map iteration (`AnalyseEachCall[2]/Score` →
 * `AnalyseEachCall[2]`), or '' for top-level states. One group with a transcription is one call.
 */
export function groupOf(instance: string): string {
  const cut = instance.lastIndexOf('/');
  return cut < 0 ? '' : instance.slice(0, cut);
}
