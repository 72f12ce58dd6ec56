import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from './run-command.ts';
import { encodeWav, type Pcm } from './wav.ts';

/** What pocketsphinx hears: 16 kHz 16-bit mono. */
export const RECOGNISER_RATE = 16000;
/** A pause this long inside an utterance starts a new segment (the dataset's turns are 0.4 s apart). */
const SEGMENT_PAUSE_S = 0.3;

export interface HeardSegment {
  start_s: number;
  end_s: number;
  text: string;
}

/**
 * Segments from `pocketsphinx_continuous -time yes` output: the word lines (`word start end
 * confidence`), grouped into a segment per utterance (`<s>`…`</s>`) and split at a pause of
 * SEGMENT_PAUSE_S or more. Fillers (`<sil>`, `[NOISE]`, `++…++`) are not words; a word's
 * alternative pronunciation mark (`that(2)`) is dropped. Hypothesis lines (no times) are skipped. Pure.
 */
export function parseRecognised(output: string): HeardSegment[] {
  const segments: HeardSegment[] = [];
  let words: Array<{ w: string; start: number; end: number }> = [];
  const flush = () => {
    if (words.length) segments.push({ start_s: words[0]!.start, end_s: words.at(-1)!.end, text: words.map((x) => x.w).join(' ') });
    words = [];
  };
  for (const line of output.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e-?\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const [, token, s, e] = m;
    const start = Number(s);
    const end = Number(e);
    if (token === '<s>' || token === '</s>') {
      flush();
      continue;
    }
    if (token === '<sil>' || /^\[.*\]$/.test(token!) || /^\+\+.*\+\+$/.test(token!)) {
      if (end - start >= SEGMENT_PAUSE_S) flush();
      continue;
    }
    words.push({ w: token!.replace(/\(\d+\)$/, ''), start, end });
  }
  flush();
  return segments;
}

/**
 * Recognises speech in `pcm` (16 kHz) with pocketsphinx's US English model: what it heard, with
 * times. No speaker labels: telling the voices apart is diarization's job.
 */
export async function recognise(pcm: Pcm, signal?: AbortSignal): Promise<HeardSegment[]> {
  if (pcm.rate !== RECOGNISER_RATE) throw new Error(`pocketsphinx needs ${RECOGNISER_RATE} Hz, got ${pcm.rate}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'dcf-asr-'));
  try {
    const wav = path.join(dir, 'call.wav');
    await writeFile(wav, encodeWav(pcm));
    const args = ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'];
    // Recognition runs at about a third of real time on one core; ten minutes of audio is the most a call takes.
    const out = await runCommand('pocketsphinx_continuous', args, { timeoutMs: 15 * 60_000, signal, maxBytes: 8 * 1024 * 1024 });
    return parseRecognised(out.toString('utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
