import type { Pcm } from './wav.ts';

/** The most buckets a waveform has: enough for a wide player, small enough to send with the page (≤ 4 KB of JSON). */
export const MAX_PEAKS = 600;

/**
 * The waveform the player draws: the audio cut into `buckets` equal spans (at most MAX_PEAKS), each
 * its loudest sample's magnitude scaled to 0…1 with two decimals (0 is silence). Computed once
 * when a recording is rendered and stored beside it. Pure.
 */
export function peaksOf({ samples }: Pcm, buckets = MAX_PEAKS): number[] {
  const n = Math.max(1, Math.min(MAX_PEAKS, Math.floor(buckets)));
  const out: number[] = [];
  for (let b = 0; b < n; b++) {
    const from = Math.floor((b * samples.length) / n);
    const to = Math.floor(((b + 1) * samples.length) / n);
    let peak = 0;
    for (let i = from; i < to; i++) {
      const v = Math.abs(samples[i]!);
      if (v > peak) peak = v;
    }
    out.push(Math.round((Math.min(peak, 32767) / 32767) * 100) / 100);
  }
  return out;
}
