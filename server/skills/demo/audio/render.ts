import type { Recording, Speaker, Turn } from '../dataset/types.ts';
import { runCommand } from './run-command.ts';
import { durationOf, parseWav, type Pcm } from './wav.ts';

/**
 * A recording's audio, rendered from its turns by espeak-ng: each turn spoken by its speaker's
 * voice **into its slot** (start_s…end_s of the dataset), so the turn timings the transcript,
 * the evidence and the player use stay the one truth, and the dataset stays as it is
 * (deterministic, digest pinned). A turn whose speech is longer than its slot is spoken faster
 * (up to MAX_WPM), then cut at the slot's end; the gaps between turns are silence.
 *
 * Voices: espeak-ng's en-us variants, not en-gb: the offline recogniser (pocketsphinx) ships a
 * US English model only, and on en-gb voices it got about twice as many words wrong.
 */
export const VOICES: Record<Speaker, string> = { Advisor: 'en-us', Customer: 'en-us+m3' };
/** espeak-ng writes 22.05 kHz; the call keeps that rate. */
export const RENDER_RATE = 22050;
const FIRST_WPM = 150;
const MAX_WPM = 380;
/** Leading and trailing samples quieter than this (of 32767) are espeak-ng's padding, not speech. */
const SILENCE = 300;

/** The samples without the silence espeak-ng puts before and after speech. Pure. */
export function trimSilence(samples: Int16Array): Int16Array {
  let from = 0;
  let to = samples.length;
  while (from < to && Math.abs(samples[from]!) < SILENCE) from++;
  while (to > from && Math.abs(samples[to - 1]!) < SILENCE) to--;
  return samples.subarray(from, to);
}

/** The speed for the next attempt at a turn that took `spokenS` at `wpm` for a slot of `slotS`: proportionally faster, with 4% to spare. */
export function nextSpeed(wpm: number, spokenS: number, slotS: number): number {
  return Math.min(MAX_WPM, Math.ceil(((wpm * spokenS) / Math.max(slotS, 0.1)) * 1.04));
}

/**
 * Lays speech into a silent call `durationS` long: each piece's samples from its `start_s`, cut at
 * its `end_s` (and at the call's end). Pure.
 */
export function layOut(
  durationS: number,
  rate: number,
  pieces: ReadonlyArray<{ start_s: number; end_s: number; samples: Int16Array }>,
): Pcm {
  const out = new Int16Array(Math.ceil(durationS * rate));
  for (const p of pieces) {
    const from = Math.round(p.start_s * rate);
    const room = Math.max(0, Math.min(Math.round(p.end_s * rate), out.length) - from);
    out.set(p.samples.subarray(0, room), from);
  }
  return { rate, samples: out };
}

async function speak(text: string, voice: string, wpm: number, signal?: AbortSignal): Promise<Int16Array> {
  const wav = await runCommand('espeak-ng', ['-v', voice, '-s', String(wpm), '--stdout'], { input: text, timeoutMs: 30_000, signal });
  const pcm = parseWav(wav);
  if (pcm.rate !== RENDER_RATE) throw new Error(`espeak-ng wrote ${pcm.rate} Hz, expected ${RENDER_RATE}`);
  return trimSilence(pcm.samples);
}

/** One turn's speech, fitted to its slot (at most three attempts at rising speed). */
export async function renderTurn(turn: Turn, signal?: AbortSignal): Promise<{ samples: Int16Array; wpm: number }> {
  const slot = turn.end_s - turn.start_s;
  let wpm = FIRST_WPM;
  for (let attempt = 1; ; attempt++) {
    const samples = await speak(turn.text, VOICES[turn.speaker], wpm, signal);
    const spoken = samples.length / RENDER_RATE;
    if (spoken <= slot || attempt === 3 || wpm >= MAX_WPM) return { samples, wpm };
    wpm = nextSpeed(wpm, spoken, slot);
  }
}

/** The call's audio: every turn rendered into its slot, the call `duration_s` long (or to its last turn's end). */
export async function renderRecording(rec: Recording, signal?: AbortSignal): Promise<Pcm> {
  const pieces = [];
  for (const turn of rec.turns) pieces.push({ ...turn, ...(await renderTurn(turn, signal)) });
  const end = Math.max(rec.duration_s, ...rec.turns.map((t) => t.end_s));
  const pcm = layOut(end, RENDER_RATE, pieces);
  if (durationOf(pcm) < end - 0.01) throw new Error('rendered call is shorter than its turns');
  return pcm;
}
