import { isObject } from '../../engine/json.ts';
import { wordErrors } from '../../skills/demo/audio/wer.ts';
import type { SkillAccuracy } from './store.ts';

/** A call of a calibration set: where its recording is, and the words actually spoken in it. */
export interface CalibrationCall {
  uri: string;
  reference: string;
}

/** Transcribes the recording at `uri` with the skill being measured: the text it heard. Throws when the skill fails. */
export type Transcribe = (uri: string) => Promise<string>;

/**
 * A transcription skill's accuracy, measured: every call of `calls` transcribed by `transcribe`,
 * one after another (a recogniser takes a core each), and the word error rate over the whole set —
 * all the calls' word errors (substitutions, deletions, insertions) over all their reference
 * words, so a long call weighs by its length. accuracy = 1 − that rate, at least 0. A call the
 * skill fails to transcribe fails the measurement (thrown): a skill is measured on the whole set
 * or not at all; its failures are reliability's to count.
 */
export async function measureTranscriptionAccuracy(
  transcribe: Transcribe,
  calls: CalibrationCall[],
  method: string,
  now: () => Date = () => new Date(),
): Promise<SkillAccuracy> {
  if (!calls.length) throw new RangeError('a calibration set needs at least one call');
  let errors = 0;
  let words = 0;
  for (const call of calls) {
    const counted = wordErrors(call.reference, await transcribe(call.uri));
    errors += counted.errors;
    words += counted.words;
  }
  if (!words) throw new RangeError('the calibration calls have no reference words');
  const wer = errors / words;
  return {
    accuracy: Math.max(0, 1 - wer),
    word_error_rate: wer,
    calls: calls.length,
    reference_words: words,
    measured_at: now().toISOString(),
    method,
  };
}

/** The transcript text of a transcription skill's result (the data-plane envelope's `data.text`, or a bare `text`). */
export function transcriptText(result: unknown): string {
  const data = isObject(result) && isObject(result.data) ? result.data : result;
  if (isObject(data) && typeof data.text === 'string') return data.text;
  throw new Error('the transcription result has no text');
}
