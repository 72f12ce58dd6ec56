import { describe, expect, it } from 'vitest';
import { topicsIn } from './topics.ts';

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
    ['Score Alex Wong’s calls', []],
    ['the bill was paid', []],
    ['will you check', []],
  ])('%s', (text, topics) => {
    expect(topicsIn(text)).toEqual(topics);
  });
});
