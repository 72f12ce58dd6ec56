import { describe, expect, it } from 'vitest';
import { peaksOf, MAX_PEAKS } from './peaks.ts';
import { layOut, nextSpeed, trimSilence } from './render.ts';
import { encodeWav, parseWav } from './wav.ts';

const ramp = (n: number, v: number) => Int16Array.from({ length: n }, () => v);

describe('the rendered call audio', () => {
  it('writes and reads 16-bit mono WAV, and rejects other formats', () => {
    const pcm = { rate: 16000, samples: Int16Array.from([0, 1, -1, 32767, -32768]) };
    const back = parseWav(encodeWav(pcm));
    expect(back.rate).toBe(16000);
    expect([...back.samples]).toEqual([...pcm.samples]);
    const stereo = encodeWav(pcm);
    stereo.writeUInt16LE(2, 22);
    expect(() => parseWav(stereo)).toThrow(/mono/);
    expect(() => parseWav(Buffer.from('not audio at all'))).toThrow(/not a WAV/);
  });

  it('reads a piped WAV whose data size is unknown (0x7fffffff) to the end of the bytes', () => {
    const wav = encodeWav({ rate: 22050, samples: Int16Array.from([5, 6, 7]) });
    wav.writeUInt32LE(0x7fffffff, 40);
    expect([...parseWav(wav).samples]).toEqual([5, 6, 7]);
  });

  it('lays each turn into its slot: from start_s, cut at end_s, silence between', () => {
    const rate = 10;
    const pcm = layOut(3, rate, [
      { start_s: 0.5, end_s: 1, samples: ramp(8, 100) }, // 0.8 s of speech in a 0.5 s slot: cut to 5 samples
      { start_s: 2, end_s: 2.9, samples: ramp(3, 200) },
    ]);
    expect(pcm.samples.length).toBe(30);
    expect([...pcm.samples.subarray(0, 5)]).toEqual([0, 0, 0, 0, 0]);
    expect([...pcm.samples.subarray(5, 10)]).toEqual([100, 100, 100, 100, 100]);
    expect(pcm.samples[10]).toBe(0);
    expect([...pcm.samples.subarray(20, 24)]).toEqual([200, 200, 200, 0]);
  });

  it('drops the silence around speech and speeds a turn up in proportion to its overrun', () => {
    expect([...trimSilence(Int16Array.from([0, 10, -200, 5000, -4000, 299, 0]))]).toEqual([5000, -4000]);
    expect(trimSilence(Int16Array.from([0, 1, 2])).length).toBe(0);
    expect(nextSpeed(150, 4, 3)).toBe(Math.ceil(150 * (4 / 3) * 1.04));
    expect(nextSpeed(300, 10, 2)).toBe(380); // capped: espeak-ng past that is not speech
  });

  it('computes a bounded waveform of 0…1 peaks per equal span', () => {
    const samples = new Int16Array(1000);
    samples[10] = 32767;
    samples[600] = -16384;
    const peaks = peaksOf({ rate: 1000, samples }, 4);
    expect(peaks).toEqual([1, 0, 0.5, 0]);
    expect(peaksOf({ rate: 1000, samples }, 10_000)).toHaveLength(MAX_PEAKS);
  });
});
