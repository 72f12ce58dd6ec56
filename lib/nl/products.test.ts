import { describe, expect, it } from 'vitest';
import { matchProduct } from './products.ts';
import { SECOND_PRODUCTS } from './testing/directories.ts';

/** The demo's products (a fixture: at run time the list comes from the data through a tool). */
const PRODUCTS = ['Debt Consolidation Loan', 'HELOC 2.0', 'Homeowner Loan'];

describe('matchProduct', () => {
  it.each([
    ['Are advisors explaining the new HELOC 2.0 product correctly?', { name: 'HELOC 2.0', said: 'HELOC 2.0' }],
    ['check the heloc calls', { name: 'HELOC 2.0', said: 'heloc' }],
    ['HELOCs sold in July', { name: 'HELOC 2.0', said: 'HELOCs' }],
    ['how do they explain homeowner loans', { name: 'Homeowner Loan', said: 'homeowner loans' }],
    ['the Homeowner Loan product', { name: 'Homeowner Loan', said: 'Homeowner Loan' }],
    ['debt consolidation', { name: 'Debt Consolidation Loan', said: 'debt consolidation' }],
    ['consolidation loans', { name: 'Debt Consolidation Loan', said: 'consolidation loans' }],
    ['DEBT CONSOLIDATION LOAN calls', { name: 'Debt Consolidation Loan', said: 'DEBT CONSOLIDATION LOAN' }],
    // The product whose words are said most wins.
    ['not the heloc, the Homeowner Loan', { name: 'Homeowner Loan', said: 'Homeowner Loan' }],
  ])('%s', (text, expected) => {
    expect(matchProduct(text, PRODUCTS)).toEqual(expected);
  });

  it.each([
    ['the new Bridging Loan product', { unknown: 'Bridging Loan', candidates: ['Debt Consolidation Loan', 'Homeowner Loan'] }],
    ['Are advisors explaining Gold Saver correctly?', { unknown: 'Gold Saver' }],
    ['check the bridging loan product', { unknown: 'bridging loan', candidates: ['Debt Consolidation Loan', 'Homeowner Loan'] }],
    // Never dropped: a kind of product no product is, or several are.
    ['Are advisors explaining mortgage correctly this month?', { unknown: 'mortgage' }],
    ['check the loan calls', { unknown: 'loan', candidates: ['Debt Consolidation Loan', 'Homeowner Loan'] }],
  ])('an unknown product-like phrase: %s', (text, expected) => {
    expect(matchProduct(text, PRODUCTS)).toEqual(expected);
  });

  it.each([
    ['how do they explain mortgages', { unknown: 'mortgages', candidates: ['Second Charge Mortgage'] }],
    ['the second charge mortgages in June', { name: 'Second Charge Mortgage', said: 'second charge mortgages' }],
    ['bridging calls', { name: 'Bridging Finance', said: 'bridging' }],
    ['green home improvement', { name: 'Green Home Improvement Loan', said: 'green home improvement' }],
    ['explaining HELOC 2.0', { unknown: 'HELOC 2.0' }],
  ])("a second lender's products: %s", (text, expected) => {
    expect(matchProduct(text, SECOND_PRODUCTS)).toEqual(expected);
  });

  it.each(['explaining the product correctly', 'Run the QA product check', 'Which product has the most failures?', 'Alex Wong last week'])(
    'names no product: %s',
    (text) => {
      expect(matchProduct(text, PRODUCTS)).toBeNull();
    },
  );

  it('refuses a product list that is not names, with a clear error', () => {
    expect(() => matchProduct('heloc', [{ name: 'HELOC 2.0' }] as unknown as string[])).toThrow(/list of product names/);
  });

  it("any product from the data, not only the demo's", () => {
    expect(matchProduct('the gold savers', ['Gold Saver', 'Silver Saver'])).toEqual({ name: 'Gold Saver', said: 'gold savers' });
    expect(matchProduct('the saver', ['Gold Saver', 'Silver Saver'])).toBeNull();
  });
});
