import { describe, expect, it } from 'vitest';
import { groupOf, partOf, partsOf } from './qa-parts';

const env = (data: unknown, ok = true) => ({ ok, summary: 's', data });

describe('partOf: a QA part by the shape of its envelope', () => {
  it.each([
    [{ verdicts: [] }, 'compliance'],
    [{ score: 60, max_score: 100 }, 'scoring'],
    [{ overall: 'neutral', score: 0.1, flags: [] }, 'sentiment'],
    [{ text: 'hi', segments: [{ start_s: 0, end_s: 1, text: 'hi' }] }, 'transcription'],
    [{ segments: [{ label: 'product_detail', text: 'x' }] }, 'segmentation'],
    [{ utterances: [], speakers: ['A'] }, 'diarization'],
    [{ recordings: [] }, 'recordings'],
    [{ anything: 1 }, null],
  ])('%j → %s', (data, part) => expect(partOf(env(data))).toBe(part));

  it('takes no part from a failed envelope or a non-envelope', () => {
    expect(partOf(env({ verdicts: [] }, false))).toBeNull();
    expect(partOf({ verdicts: [] })).toBeNull();
    expect(partOf(null)).toBeNull();
  });
});

describe('partsOf and groupOf', () => {
  it('lists top-level states first, then Map iterations in natural order', () => {
    const data = {
      'Each[10]/Score': env({ score: 1, max_score: 100 }),
      Score: env({ score: 2, max_score: 100 }),
      'Each[2]/Score': env({ score: 3, max_score: 100 }),
      Transcribe: env({ text: 'x', segments: [{ start_s: 0 }] }),
    };
    expect(partsOf(data, 'scoring').map((p) => p.instance)).toEqual(['Score', 'Each[2]/Score', 'Each[10]/Score']);
    expect(groupOf('Each[2]/Score')).toBe('Each[2]');
    expect(groupOf('Score')).toBe('');
  });
});
