import { describe, expect, it } from 'vitest';
import { andList, orList } from './list-words.ts';

describe('a list in prose', () => {
  it('joins the last with "and" or "or", the rest with commas', () => {
    expect(andList([])).toBe('');
    expect(andList(['Tom'])).toBe('Tom');
    expect(andList(['Tom', 'Alex'])).toBe('Tom and Alex');
    expect(andList(['transcription', 'sentiment', 'compliance'])).toBe('transcription, sentiment and compliance');
    expect(orList(['FAILED', 'TIMED_OUT', 'ABORTED'])).toBe('FAILED, TIMED_OUT or ABORTED');
    expect(orList(['FAILED'])).toBe('FAILED');
  });
});
