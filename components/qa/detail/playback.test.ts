import { describe, expect, it } from 'vitest';
import type { QaTurn } from '../types';
import { momentOf, seekByKey, turnAtTime } from './playback';

const turn = (start_s: number | null, end_s: number | null, start: number, end: number): QaTurn => ({
  speaker: 'Advisor',
  text: 'x'.repeat(end - start),
  start_s,
  end_s,
  start,
  end,
});
const TURNS = [turn(0, 6.2, 0, 90), turn(6.6, 7.5, 91, 105), turn(7.9, 14, 106, 206)];

describe('call playback', () => {
  it('highlights the last turn started, through the pause after it', () => {
    expect(turnAtTime(TURNS, 0)).toBe(0);
    expect(turnAtTime(TURNS, 6.4)).toBe(0); // the pause after turn 0
    expect(turnAtTime(TURNS, 6.6)).toBe(1);
    expect(turnAtTime(TURNS, 100)).toBe(2);
    expect(turnAtTime([turn(1, 2, 0, 5)], 0.5)).toBe(-1);
    expect(turnAtTime([turn(null, null, 0, 5), turn(3, 4, 6, 9)], 3.5)).toBe(1);
  });

  it('plays evidence from where its quote starts in its turn, half a second early, never before the turn', () => {
    expect(momentOf({ start: 106, turn: 2 }, TURNS)).toBe(7.9);
    expect(momentOf({ start: 166, turn: 2 }, TURNS)).toBe(11.1); // 60% through 7.9…14 is 11.56, less 0.5
    expect(momentOf({ start: 95, turn: 0 }, TURNS)).toBe(6.6); // the quote is in turn 1 whatever the index says
    expect(momentOf({ start: 0, turn: 0 }, [turn(null, null, 0, 90)])).toBeNull();
  });

  it('seeks with the arrow, page and home/end keys, within the call', () => {
    expect(seekByKey('ArrowRight', 10, 60)).toBe(15);
    expect(seekByKey('ArrowLeft', 3, 60)).toBe(0);
    expect(seekByKey('PageUp', 50, 60)).toBe(60);
    expect(seekByKey('Home', 50, 60)).toBe(0);
    expect(seekByKey('End', 5, 60)).toBe(60);
    expect(seekByKey('a', 5, 60)).toBeNull();
  });
});
