import { describe, expect, it } from 'vitest';
import { readConfirmation, type Answer } from './confirmation.ts';

/** Replies to "Shall I run it?", each with the answer it gives. */
const TABLE: Array<[string, Answer]> = [
  // Yes.
  ['yes', 'yes'],
  ['Yes please', 'yes'],
  ['yeah', 'yes'],
  ['yep!', 'yes'],
  ['ok', 'yes'],
  ['OK.', 'yes'],
  ['okay then', 'yes'],
  ['sure', 'yes'],
  ['Sure, go ahead.', 'yes'],
  ['sure, why not', 'yes'],
  ['go for it', 'yes'],
  ['Go ahead', 'yes'],
  ['do it', 'yes'],
  ['please do', 'yes'],
  ['run it', 'yes'],
  ['proceed', 'yes'],
  ['sounds good', 'yes'],
  ['Looks good, yes — scale it up.', 'yes'],
  ['absolutely', 'yes'],
  ['of course', 'yes'],
  ['by all means', 'yes'],
  ['perfect, thanks', 'yes'],
  ['👍', 'yes'],
  ['✅', 'yes'],
  ['please', 'yes'],
  ["let's do it", 'yes'],
  ['that works for me', 'yes'],
  ['I don’t see why not', 'yes'],
  ['why not?', 'yes'],
  ['Yes. Please use the existing QA scorecard.', 'yes'],
  ['yes, for June instead', 'yes'],
  ['could you run it for Priya too?', 'yes'],
  // No objection: a "no" that lets it go ahead.
  ['no, go ahead', 'yes'],
  ['No — go for it', 'yes'],
  ['nope, carry on', 'yes'],
  ['no problem', 'yes'],
  ['no objection', 'yes'],
  ["I don't mind", 'yes'],
  // Corrections: the last word wins.
  ['wait, yes', 'yes'],
  ['hmm… ok, go ahead', 'yes'],
  ['no. actually yes, do it', 'yes'],
  ["don't stop", 'yes'],
  ["don't wait, run it", 'yes'],
  // No.
  ['no', 'no'],
  ['No.', 'no'],
  ['nope', 'no'],
  ['nah', 'no'],
  ['no thanks', 'no'],
  ['No thank you.', 'no'],
  ['Please don’t', 'no'],
  ["please don't", 'no'],
  ['Absolutely not', 'no'],
  ['of course not', 'no'],
  ['definitely not!', 'no'],
  ['not yet', 'no'],
  ['Not now.', 'no'],
  ['No, not now.', 'no'],
  ['not today', 'no'],
  ['maybe later', 'no'],
  ['later', 'no'],
  ["I'd rather not", 'no'],
  ['I would prefer not to', 'no'],
  ['yes but not now', 'no'],
  ['yes, but not yet', 'no'],
  ['wait', 'no'],
  ['hold on', 'no'],
  ["don't run it", 'no'],
  ['do not run the workflow', 'no'],
  ['I don’t think so', 'no'],
  ['not really', 'no'],
  ['I won’t', 'no'],
  ['No, keep the current one.', 'no'],
  ['👎', 'no'],
  ['ok, actually no', 'no'],
  // No, and stop.
  ['cancel', 'no'],
  ['No, cancel everything', 'no'],
  ["stop, don't run anything", 'no'],
  ['never mind', 'no'],
  ['forget it', 'no'],
  // Unsure: doubt, conflict, or nothing recognised — the Planner asks again and never acts.
  ['hmm, maybe', 'unsure'],
  ['maybe', 'unsure'],
  ['I guess', 'unsure'],
  ['not sure', 'unsure'],
  ["I'm not sure", 'unsure'],
  ["I don't know", 'unsure'],
  ['perhaps', 'unsure'],
  ['yes, maybe', 'unsure'],
  ['hmm', 'unsure'],
  ['yes, no', 'unsure'],
  ['yes no', 'unsure'],
  ['Hmm, what would that involve?', 'unsure'],
  ['what do you mean?', 'unsure'],
  ['are you sure?', 'unsure'],
  ['thanks', 'unsure'],
  ['the weather is nice in Leeds', 'unsure'],
  ['', 'unsure'],
  ['is it done?', 'unsure'],
  ["how's it going", 'unsure'],
  ['I think so', 'unsure'],
  ['let me think about it', 'unsure'],
];

describe('readConfirmation: replies to a yes/no question', () => {
  it('has a table of at least 60 phrasings', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });

  it.each(TABLE)('%j → %s', (text, answer) => {
    expect(readConfirmation(text).answer).toBe(answer);
  });
});

describe('readConfirmation: stop, retry and status', () => {
  it.each([
    ['cancel', true],
    ['No, cancel everything', true],
    ["stop, don't run anything", true],
    ['never mind', true],
    ["please don't run anything", true],
    ['No, cancel.', true],
    ['No, not now.', false],
    ["don't run it", false],
    ['no', false],
    ["don't stop", false],
    ['yes', false],
  ])('%j stops: %s', (text, stop) => {
    expect(readConfirmation(text).stop).toBe(stop);
  });

  it.each([
    ['retry', true],
    ['try again', true],
    ['please retry', true],
    ['Run it again', true],
    ['rerun it', true],
    ["don't retry", false],
    ['try again later', false],
    ['yes', false],
  ])('%j retries: %s', (text, retry) => {
    expect(readConfirmation(text).retry).toBe(retry);
  });

  it('a retry is a yes unless refused', () => {
    expect(readConfirmation('retry').answer).toBe('yes');
    expect(readConfirmation("don't retry").answer).toBe('no');
  });

  it.each([
    ['is it done?', true],
    ["how's it going", true],
    ['How is the run going?', true],
    ['any results?', true],
    ['is it finished?', true],
    ['still running?', true],
    ['what is the status', true],
    ['yes', false],
    ['go ahead', false],
  ])('%j asks for status: %s', (text, status) => {
    expect(readConfirmation(text).status).toBe(status);
  });

  it('reads curly and straight apostrophes alike', () => {
    expect(readConfirmation('don’t run it')).toEqual(readConfirmation("don't run it"));
  });

  it('a negated change of plan is not a refusal: the Planner reads the change separately', () => {
    expect(readConfirmation("Yes, but don't run the sentiment step").answer).toBe('yes');
    expect(readConfirmation("don't start the run").answer).toBe('no');
  });
});
