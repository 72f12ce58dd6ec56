import { describe, expect, it } from 'vitest';
import { baseName, inChosenIterations, iterationsOf } from './instance-scope';

describe('instance scope', () => {
  it('reads the state name and the Map iterations of an instance', () => {
    expect(baseName('TranscribeRecording')).toBe('TranscribeRecording');
    expect(baseName('A[1]/B[0]/C')).toBe('C');
    expect(iterationsOf('TranscribeRecording')).toEqual([]);
    expect(iterationsOf('ScoreEachCall[12]/Transcribe')).toEqual([{ map: 'ScoreEachCall', index: 12 }]);
    expect(iterationsOf('A[1]/B[0]/C')).toEqual([
      { map: 'A', index: 1 },
      { map: 'A[1]/B', index: 0 },
    ]);
  });

  it('keeps instances of the chosen iterations (no choice keeps all)', () => {
    expect(inChosenIterations('A[1]/B[0]/C', {})).toBe(true);
    expect(inChosenIterations('A[1]/B[0]/C', { A: 1 })).toBe(true);
    expect(inChosenIterations('A[1]/B[0]/C', { A: 2 })).toBe(false);
    expect(inChosenIterations('A[1]/B[0]/C', { A: 1, 'A[1]/B': 1 })).toBe(false);
    expect(inChosenIterations('Top', { A: 3 })).toBe(true);
  });
});
