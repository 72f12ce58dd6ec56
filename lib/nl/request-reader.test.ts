import { describe, expect, it } from 'vitest';
import { readWorkAsk } from './request-reader.ts';

const TODAY = new Date('2024-07-08T09:00:00Z');

describe('readWorkAsk: the everyday words of QA work', () => {
  it.each([
    ['Can you QA Tom Ellis for last week?', ['qa']],
    ["re-check every one of Priya Shah's calls", ['re-check']],
    ["look at Tom's conversations from May", ['look at']],
    ["audit the south team's recordings for July", ['audit']],
    ["what's the compliance picture for Fatima this month?", ['compliance', 'compliance picture']],
    ["go through Siobhán Ní Bhriain's calls from June", ['go through']],
    ['double-check the calls of Rhys ap Gwilym', ['double-check']],
    ['How is Zoë Lefèvre-Martin doing?', ['how … doing']],
    ["how's Carlos de la Cruz getting on this month", ['how … doing']],
    ['score the recordings', ['score']],
  ])('asked: %s', (text, said) => {
    expect(readWorkAsk(text, TODAY)).toMatchObject({ strength: 'asked', said });
  });

  it.each([
    ["Pryia Sha's calls in June", { calls: true, nameLike: true }],
    ["priya shah's calls last week", { calls: true }],
    ['aoife mcallister calls in May', { calls: true }],
    ['audit July', { calls: false, said: ['audit'] }],
    ['Jan van der Berg’s conversations', { calls: true, nameLike: true }],
  ])('implied (only the objects of the work): %s', (text, fields) => {
    const r = readWorkAsk(text, TODAY);
    expect(r).toMatchObject({ strength: 'implied', ...fields });
  });

  it('the period is read against today', () => {
    expect(readWorkAsk('Can you QA Tom Ellis for last week?', TODAY)!.period).toMatchObject({
      start_date: '2024-07-01',
      end_date: '2024-07-07',
    });
  });

  it.each([
    'How are you doing?',
    'how is it going?',
    'Thanks!',
    'What is the weather like?',
    'also check sentiment',
    'last week',
    'Priya Shah',
    'yes',
  ])('not a request for work: %s', (text) => {
    expect(readWorkAsk(text, TODAY)).toBeNull();
  });
});
