import type { Recording } from '../../skills/demo/dataset/types.ts';
import type { CalibrationCall } from './measure.ts';

/** Calls in the default calibration set: the three shortest demo calls, about 3 minutes of speech. */
export const DEFAULT_CALIBRATION_CALLS = 3;

/**
 * A calibration set from calls whose spoken words are known: the demo calls, whose audio is
 * rendered (espeak-ng) from their transcripts — the reference is the turns' text, as spoken. The
 * `count` shortest calls with speech, shortest first (ties by id), so a calibration costs as little
 * recognition as it can; the method text says what was measured, for whoever reads the figure.
 */
export function calibrationSet(
  recordings: readonly Recording[],
  count: number = DEFAULT_CALIBRATION_CALLS,
): { calls: CalibrationCall[]; method: string } {
  if (!Number.isInteger(count) || count < 1 || count > 100) throw new RangeError(`calibration calls must be 1…100, got ${count}`);
  const chosen = recordings
    .filter((r) => r.turns.some((t) => t.text.trim()))
    .sort((a, b) => a.duration_s - b.duration_s || (a.recording_id < b.recording_id ? -1 : 1))
    .slice(0, count);
  const seconds = Math.round(chosen.reduce((s, r) => s + r.duration_s, 0));
  return {
    calls: chosen.map((r) => ({ uri: r.uri, reference: r.turns.map((t) => t.text).join(' ') })),
    method:
      `word error rate over ${chosen.length} demo ${chosen.length === 1 ? 'call' : 'calls'} (${seconds} s: ` +
      `${chosen.map((r) => r.recording_id).join(', ')}) against the transcripts their audio is rendered from`,
  };
}
