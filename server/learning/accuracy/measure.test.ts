import { describe, expect, it } from 'vitest';
import { worldData } from '../../skills/demo/dataset/generate.ts';
import { calibrationSet } from './calibration-set.ts';
import { measureTranscriptionAccuracy, transcriptText } from './measure.ts';

const calls = [
  { uri: 's3://calls/a.mp3', reference: 'good morning you are through to selina finance' }, // 8 words
  { uri: 's3://calls/b.mp3', reference: 'yes' }, // 1 word
];
const at = () => new Date('2026-11-29T13:00:00Z');

describe('measuring a transcription skill', () => {
  it('weighs every call by its words: all word errors over all reference words', async () => {
    const heard: Record<string, string> = {
      's3://calls/a.mp3': 'good morning you are through to selina finance',
      's3://calls/b.mp3': 'no',
    };
    const m = await measureTranscriptionAccuracy(async (uri) => heard[uri]!, calls, 'two calls', at);
    expect(m).toEqual({
      accuracy: 1 - 1 / 9,
      word_error_rate: 1 / 9,
      calls: 2,
      reference_words: 9,
      measured_at: '2026-11-29T13:00:00.000Z',
      method: 'two calls',
    });
  });

  it('never gives an accuracy below 0, however much is inserted', async () => {
    const m = await measureTranscriptionAccuracy(async () => 'uh um er ah oh no no no no no no no no no no no no no', calls, 'x', at);
    expect(m.word_error_rate).toBeGreaterThan(1);
    expect(m.accuracy).toBe(0);
  });

  it('fails the whole measurement when one call fails, and refuses an empty set', async () => {
    const failing = async (uri: string) => {
      if (uri.endsWith('b.mp3')) throw new Error('TranscriptionFailed: decoder crashed');
      return 'x';
    };
    await expect(measureTranscriptionAccuracy(failing, calls, 'x', at)).rejects.toThrow('decoder crashed');
    await expect(measureTranscriptionAccuracy(async () => '', [], 'x', at)).rejects.toThrow(RangeError);
  });

  it("reads the text of a skill's envelope or of a bare result", () => {
    expect(transcriptText({ ok: true, summary: 's', data: { text: 'hello there', segments: [] } })).toBe('hello there');
    expect(transcriptText({ text: 'hi' })).toBe('hi');
    expect(() => transcriptText({ ok: true, data: {} })).toThrow(/no text/);
  });
});

describe('the calibration set', () => {
  const recordings = worldData().dataset.recordings;

  it('is the shortest demo calls, with the words spoken in them as reference', () => {
    const set = calibrationSet(recordings, 2);
    const shortest = [...recordings].sort((a, b) => a.duration_s - b.duration_s).slice(0, 2);
    expect(set.calls).toEqual(shortest.map((r) => ({ uri: r.uri, reference: r.turns.map((t) => t.text).join(' ') })));
    expect(set.method).toMatch(/^word error rate over 2 demo calls \(\d+ s: REC-\d+, REC-\d+\) against the transcripts/);
    expect(calibrationSet(recordings).calls).toHaveLength(3);
  });

  it('refuses a size outside 1…100', () => {
    for (const n of [0, 101, 1.5]) expect(() => calibrationSet(recordings, n)).toThrow(RangeError);
  });
});
