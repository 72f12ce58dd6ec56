import { describe, expect, it } from 'vitest';
import { mentionCues, productCues } from './mention.ts';

/** Monday 8 July 2024 (the demo clock). */
const TODAY = new Date('2024-07-08T09:00:00Z');

describe('mentionCues: whether a message that asks for nothing may name someone or something', () => {
  it.each([
    ['Fatima Khan', ['Fatima', 'Khan']],
    ['fatima khan', ['fatima', 'khan']],
    ['what about Rhys ap Gwilym?', ['Rhys', 'ap', 'Gwilym']],
    ['siobhan ni bhriain', ['siobhan', 'ni', 'bhriain']],
    ['lukasz', ['lukasz']],
    ['HELOC 2.0', ['HELOC']],
    ['what about Bridging Finance', ['Bridging']],
    ['Bridging Finance', ['Bridging']],
  ])('%s: worth reading the CRM for %j', (text, words) => {
    expect(mentionCues(text, TODAY)?.words).toEqual(expect.arrayContaining(words));
  });

  it('a period alone, and "team", are worth it too', () => {
    expect(mentionCues('June', TODAY)).toMatchObject({ period: { start_date: '2024-06-01', end_date: '2024-06-30' }, words: [] });
    expect(mentionCues('from May', TODAY)?.period).toMatchObject({ start_date: '2024-05-01' });
    expect(mentionCues('the south team', TODAY)).toMatchObject({ team: true, period: null });
  });

  it.each(['Book me a meeting room for Tuesday', 'hello', 'good morning!', 'what can you do?', 'who are you?', 'tell me a joke', 'thanks'])(
    'names nothing: %s',
    (text) => {
      expect(mentionCues(text, TODAY)).toBeNull();
    },
  );
});

describe('productCues: words that may be part of a product name (capitalised or acronyms)', () => {
  it.each([
    ["review Priya Shah's HELOC calls in June", ['Priya', "Shah's", 'HELOC']],
    ["review Rhys ap Gwilym's Bridging Finance calls", ['Rhys', "Gwilym's", 'Bridging']],
    ['Bridging Finance', ['Bridging']],
    ['Hmm, what would that involve?', []],
    ['Make it the last 14 days instead.', []],
    ['Hi, I need to check the calls. Can you help me analyse them?', []],
    ['QA Tom Ellis for July', ['Tom', 'Ellis']],
  ])('%s', (text, words) => {
    expect(productCues(text)).toEqual(words);
  });
});
