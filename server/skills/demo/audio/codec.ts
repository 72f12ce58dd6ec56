import { runCommand } from './run-command.ts';
import type { Pcm } from './wav.ts';

/**
 * The call store's compression: Ogg Opus (opus-tools), mono speech at 16 kbit/s — what browsers
 * play natively and about 120 KB a call minute. A fixed Ogg serial keeps a render byte-stable.
 */
export const AUDIO_MIME = 'audio/ogg; codecs=opus';
const BITRATE_KBPS = '16';

export async function encodeOpus({ rate, samples }: Pcm, signal?: AbortSignal): Promise<Buffer> {
  const raw = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const args = ['--quiet', '--raw', '--raw-bits', '16', '--raw-rate', String(rate), '--raw-chan', '1'];
  args.push('--bitrate', BITRATE_KBPS, '--serial', '1', '-', '-');
  return runCommand('opusenc', args, { input: raw, timeoutMs: 120_000, signal });
}

/** Decodes Opus to 16-bit mono PCM at `rate` (pocketsphinx wants 16 kHz). */
export async function decodeOpus(opus: Buffer, rate: number, signal?: AbortSignal): Promise<Pcm> {
  const raw = await runCommand('opusdec', ['--quiet', '--rate', String(rate), '-', '-'], { input: opus, timeoutMs: 120_000, signal });
  const copy = new Uint8Array(raw.length - (raw.length % 2));
  copy.set(raw.subarray(0, copy.length));
  return { rate, samples: new Int16Array(copy.buffer) };
}
