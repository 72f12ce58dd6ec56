import { describe, expect, it } from 'vitest';
import { topicsIn, topicWordsIn, unmappedFocusIn } from './topics.ts';

describe('topicsIn', () => {
  it.each([
    ['Show me all calls this month where the customer sounded vulnerable', ['vulnerability']],
    ['vulnerable customers', ['vulnerability']],
    ['any mention of bereavement', ['vulnerability']],
    ['customers struggling to pay', ['vulnerability']],
    ['customers in financial difficulty', ['vulnerability']],
    ['she recently lost her job', ['vulnerability']],
    ['were the mandatory disclosures made?', ['disclosures']],
    ['did they give the risk warnings', ['disclosures']],
    ['your home may be repossessed', ['disclosures']],
    ['affordability checks', ['affordability']],
    ['can they afford the repayments?', ['affordability']],
    ['income and expenditure', ['affordability']],
    ['any complaints?', ['complaints']],
    ['unhappy customers who mentioned the ombudsman', ['complaints']],
    ['vulnerable customers and risk warnings', ['vulnerability', 'disclosures']],
    ['customers struggling to afford it', ['vulnerability', 'affordability']],
    ['Review Alex Wong for Consumer Duty last week', ['consumer_duty']],
    ['were the customer outcomes good?', ['consumer_duty']],
    ['did they do the ID checks', ['identification']],
    ['security questions at the start of the call', ['identification']],
    ['identify which advisor is weakest', []],
    ['Score Alex Wong’s calls', []],
    ['the bill was paid', []],
    ['will you check', []],
  ])('%s', (text, topics) => {
    expect(topicsIn(text)).toEqual(topics);
  });
});

it('topicWordsIn: the words each topic was read from', () => {
  expect(topicWordsIn("check Priya's calls for Consumer Duty and the ID checks")).toEqual([
    { topic: 'consumer_duty', said: 'Consumer Duty' },
    { topic: 'identification', said: 'ID checks' },
  ]);
});

describe('unmappedFocusIn: what to look at that no topic stands for is found, never dropped', () => {
  const known = (names: string[]) => (phrase: string) =>
    names.some((n) => n.toLowerCase().includes(phrase.toLowerCase()) || phrase.toLowerCase().includes(n.toLowerCase()));
  it.each([
    // A topic the reader knows is no unmapped focus: the caller says what it can do with it.
    ["check Priya Shah's calls for Consumer Duty last week", ['Priya Shah'], null],
    ["check Priya Shah's calls for Fair Value last week", ['Priya Shah'], 'Fair Value'],
    ['review the Wales team on Treating Customers Fairly', ['Lending Wales'], 'Treating Customers Fairly'],
    ['calls for Tom Ellis about Vulnerable Customers', ['Tom Ellis'], null],
    ['calls for Tom Ellis in June', ['Tom Ellis'], null],
    ['check the calls for HELOC', [], null],
    ['QA the calls about Bridging Finance', ['Bridging Finance'], null],
  ])('%s', (text, names, expected) => {
    expect(unmappedFocusIn(text, known(names))).toBe(expected);
  });
});
