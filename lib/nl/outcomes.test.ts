import { describe, expect, it } from 'vitest';
import { outcomesIn, type OutcomeChange } from './outcomes.ts';

const change = (c: Partial<OutcomeChange>): OutcomeChange => ({ add: [], remove: [], only: null, ...c });

describe('outcomesIn', () => {
  it.each([
    ['also check sentiment', change({ add: ['sentiment'] })],
    ['include speaker turns please', change({ add: ['speaker_turns'] })],
    ["Check Alex Wong's calls last week and also give me the speaker turns", change({ add: ['speaker_turns'] })],
    ["don't check the sentiment", change({ remove: ['sentiment'] })],
    ['sentiment too', change({ add: ['sentiment'] })],
    ['plus segments', change({ add: ['segments'] })],
    ['skip the scoring', change({ remove: ['score'] })],
    ['without a score', change({ remove: ['score'] })],
    ['no sentiment', change({ remove: ['sentiment'] })],
    ["don't score them", change({ remove: ['score'] })],
    ['don’t transcribe anything new', change({ remove: ['transcript'] })],
    ['leave out the compliance checks', change({ remove: ['compliance'] })],
    ['skip sentiment, scoring and segments', change({ remove: ['sentiment', 'score', 'segments'] })],
    ['just the transcripts', change({ only: ['transcript'] })],
    ['only compliance', change({ only: ['compliance'] })],
    ['compliance only', change({ only: ['compliance'] })],
    ['just transcripts and speaker turns', change({ only: ['transcript', 'speaker_turns'] })],
    ['No, just the transcripts', change({ only: ['transcript'] })],
    ['also check sentiment but skip the scoring', change({ add: ['sentiment'], remove: ['score'] })],
    ['just the transcripts; and also sentiment', change({ only: ['transcript', 'sentiment'] })],
    // Outcome words without a cue change nothing.
    ["Score Alex Wong's calls", change({})],
    ['Which advisor has the lowest QA score?', change({})],
    ['Check the compliance of the calls', change({})],
    // A negation out of reach.
    ["don't worry about it and score them", change({})],
  ])('%s', (text, expected) => {
    expect(outcomesIn(text)).toEqual(expected);
  });
});
