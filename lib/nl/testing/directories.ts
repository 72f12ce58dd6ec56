import type { DirectoryEntry } from '../people.ts';

/**
 * TEST SUPPORT: two lenders' directories and product lists for lib/nl's table tests. The first is
 * the demo's; the second is another lender's (names with particles, hyphens and diacritics, other
 * teams and products), so a reader that only works on the demo's names fails here. At run time the
 * directory and the products come from the CRM through tools.
 */
const entries = (rows: Array<[string, string]>): DirectoryEntry[] => rows.map(([name, team]) => ({ name, team }));

export const DEMO_DIRECTORY = entries([
  ['Alex Wong', 'Home Finance North'],
  ['Priya Shah', 'Home Finance North'],
  ['Tom Ellis', 'Home Finance North'],
  ['Maria Garcia', 'Home Finance North'],
  ["James O'Connor", 'Home Finance South'],
  ['Fatima Khan', 'Home Finance South'],
  ['Daniel Brooks', 'Home Finance South'],
  ['Sophie Turner', 'Home Finance South'],
]);
export const DEMO_PRODUCTS = ['Debt Consolidation Loan', 'HELOC 2.0', 'Homeowner Loan'];

export const SECOND_DIRECTORY = entries([
  ['Siobhán Ní Bhriain', 'Lending Wales'],
  ['Rhys ap Gwilym', 'Lending Wales'],
  ['Łukasz Nowak', 'Lending Wales'],
  ['Carlos de la Cruz', 'Lending Scotland'],
  ['Aoife McAllister', 'Lending Scotland'],
  ['Zoë Lefèvre-Martin', 'Lending Scotland'],
  ['Jan van der Berg', 'Lending Scotland'],
  ['Ahmad bin Rashid', 'Lending Wales'],
]);
export const SECOND_PRODUCTS = ['Second Charge Mortgage', 'Bridging Finance', 'Green Home Improvement Loan'];
