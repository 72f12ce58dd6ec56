/**
 * 16-bit PCM mono WAV: what espeak-ng writes and pocketsphinx reads. Pure. A file that is not
 * PCM16 mono throws: the renderer never asks for anything else, so another format is a bug upstream.
 */
export interface Pcm {
  rate: number;
  samples: Int16Array;
}

export function parseWav(buf: Buffer): Pcm {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let off = 12;
  let rate = 0;
  while (off + 8 <= buf.length) {
    const id = buf.toString('ascii', off, off + 4);
    // espeak-ng writing to a pipe leaves the data size at 0x7fffffff (unknown): the data runs to the end.
    const size = Math.min(buf.readUInt32LE(off + 4), buf.length - off - 8);
    const body = off + 8;
    if (id === 'fmt ') {
      const format = buf.readUInt16LE(body);
      const channels = buf.readUInt16LE(body + 2);
      const bits = buf.readUInt16LE(body + 14);
      if (format !== 1 || channels !== 1 || bits !== 16)
        throw new Error(`WAV is not 16-bit PCM mono (format ${format}, ${channels} ch, ${bits} bit)`);
      rate = buf.readUInt32LE(body + 4);
    } else if (id === 'data') {
      if (!rate) throw new Error('WAV data before its fmt chunk');
      const n = Math.floor(size / 2);
      const samples = new Int16Array(n);
      for (let i = 0; i < n; i++) samples[i] = buf.readInt16LE(body + 2 * i);
      return { rate, samples };
    }
    off = body + size + (size % 2);
  }
  throw new Error('WAV has no data chunk');
}

export function encodeWav({ rate, samples }: Pcm): Buffer {
  const data = samples.length * 2;
  const buf = Buffer.alloc(44 + data);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + data, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(data, 40);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i]!, 44 + 2 * i);
  return buf;
}

/** Seconds of audio in `pcm`. */
export const durationOf = (pcm: Pcm) => pcm.samples.length / pcm.rate;
