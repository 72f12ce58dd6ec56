import { describe, expect, it } from 'vitest';
import { withoutRequestFrame } from './request-frame.ts';

describe('withoutRequestFrame: the task without the words that ask for it', () => {
  it.each([
    [
      "can you set up a review of every advisor's calls from the previous week?",
      "a review of every advisor's calls from the previous week",
    ],
    ["Hi, could you please schedule a QA review of Sarah Mitchell's calls", "a QA review of Sarah Mitchell's calls"],
    ["I'd like you to review every advisor's calls from last week", "review every advisor's calls from last week"],
    ['Please arrange a review of the team’s calls', 'a review of the team’s calls'],
    ['I’d like to book in a review of yesterday’s calls', 'a review of yesterday’s calls'],
    ["review every advisor's calls from the previous week", "review every advisor's calls from the previous week"],
  ])('%s', (input, expected) => {
    expect(withoutRequestFrame(input)).toBe(expected);
  });

  it('removes only whole leading phrases, never words inside the task', () => {
    expect(withoutRequestFrame('scheduled calls for Sarah Mitchell')).toBe('scheduled calls for Sarah Mitchell');
    expect(withoutRequestFrame('bookings review for last week')).toBe('bookings review for last week');
    expect(withoutRequestFrame('review the calls that can you-know-what')).toBe('review the calls that can you-know-what');
  });

  it('keeps a question that is the task itself', () => {
    expect(withoutRequestFrame('please tell me which advisors failed most last week?')).toBe(
      'tell me which advisors failed most last week?',
    );
  });

  it('keeps the words when nothing else would be left', () => {
    expect(withoutRequestFrame('please schedule')).toBe('schedule');
    expect(withoutRequestFrame('  ')).toBe('');
  });
});
