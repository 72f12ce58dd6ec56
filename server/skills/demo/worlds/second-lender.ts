import { A, C } from '../dataset/script-lines.ts';
import type { World } from '../dataset/world.ts';

/**
 * A second lender's world (test fixture, issue 30): Aldermoor Building Society — other advisors and
 * teams (names with particles, hyphens and diacritics), other products (two mortgages and a bridging
 * loan), other id formats (applications `AMB-2025-3101…`, recordings `CALL-25-000120…`), other dates
 * (February–April 2025) and its own rule set (data/aldermoor_conduct_rules_2025.csv). Nothing in the
 * skills or the Planner may need to know any of it: whatever works on the demo world must work here.
 */
export const SECOND_LENDER_WORLD: World = {
  id: 'second-lender',
  lender: 'Aldermoor Building Society',
  seed: 20250201,
  advisors: [
    { advisor_id: 'AM-1042', name: 'Siobhán Ní Bhriain', team: 'Residential Lending' },
    { advisor_id: 'AM-1043', name: 'Rhys ap Gwilym', team: 'Residential Lending' },
    { advisor_id: 'AM-1051', name: 'Aoife McAllister', team: 'Residential Lending' },
    { advisor_id: 'AM-1058', name: 'Tomasz Wiśniewski', team: 'Residential Lending' },
    { advisor_id: 'AM-2007', name: 'Carlos de la Cruz', team: 'Specialist Lending' },
    { advisor_id: 'AM-2011', name: 'Zoë Lefèvre-Martin', team: 'Specialist Lending' },
    { advisor_id: 'AM-2019', name: 'Jan van der Berg', team: 'Specialist Lending' },
  ],
  customers: [
    { title: 'Mr', surname: 'Ó Súilleabháin', dob: 'twelfth of March 1981', address: '9 Heol y Llan' },
    { title: 'Ms', surname: 'Pritchard', dob: 'third of November 1990', address: '41 Quay Street' },
    { title: 'Mrs', surname: 'Mac an tSaoi', dob: 'twenty-eighth of June 1968', address: '2 Chapel Row' },
    { title: 'Mr', surname: 'Oyelaran', dob: 'first of February 1977', address: '17 Ferry Lane' },
    { title: 'Ms', surname: 'Dubois', dob: 'sixth of September 1986', address: '5 Castle Mews' },
    { title: 'Mr', surname: 'Llewellyn', dob: 'fifteenth of May 1972', address: '88 Marine Parade' },
    { title: 'Mrs', surname: 'Van Dijk', dob: 'twentieth of January 1963', address: '11 Orchard Rise' },
    { title: 'Mr', surname: 'Kaur-Singh', dob: 'ninth of October 1984', address: '30 Mill Street' },
  ],
  products: [
    {
      name: 'Green Remortgage',
      kind: 'loan',
      amount: { min: 80_000, max: 320_000, step: 10_000 },
      explanation: {
        good:
          'The Green Remortgage moves your mortgage to us at a lower rate because your home is energy efficient. ' +
          'It is a loan secured on your home, repaid in monthly instalments over the term you choose. ' +
          'Your home may be repossessed if you do not keep up repayments.',
        poor: "The Green Remortgage is basically a reward for going green. It's guaranteed to cut your bills, so there's really no risk.",
      },
    },
    {
      name: 'Shared Ownership Mortgage',
      kind: 'loan',
      amount: { min: 60_000, max: 180_000, step: 5000 },
      explanation: {
        good:
          'A Shared Ownership Mortgage is a loan secured on your home for the share you buy; ' +
          'you pay rent to the housing association on the rest, and you can buy more shares later. ' +
          'Your home may be repossessed if you do not keep up repayments.',
        poor: 'A Shared Ownership Mortgage is just the easy way onto the ladder, honestly nothing to worry about.',
      },
      clarification: [
        C("Sorry, I don't really understand who I pay the rent to."),
        A(
          'No problem, let me explain it more simply: you pay the mortgage to us for your share, ' +
            'and rent to the housing association for the share you do not own yet.',
        ),
      ],
    },
    {
      name: 'Bridging Loan',
      kind: 'loan',
      amount: { min: 50_000, max: 400_000, step: 25_000 },
      explanation: {
        good:
          'A Bridging Loan is a short-term loan secured on your home until your sale completes, ' +
          'and it is repaid in one sum from the sale at the end of the term. ' +
          'Your home may be repossessed if you do not keep up repayments.',
        poor: "A Bridging Loan is just a quick top-up while you wait for the sale, there's really no risk at all.",
      },
    },
  ],
  mix: {
    featured: { product: 'Green Remortgage', from: '2025-03-01', share: 0.5 },
    others: ['Shared Ownership Mortgage', 'Bridging Loan'],
  },
  range: { first: '2025-02-01', last: '2025-04-30' },
  applications: 48,
  applicationId: (n) => `AMB-2025-${3101 + n}`,
  recordingId: (n) => `CALL-25-${String(120 + n).padStart(6, '0')}`,
  recordingUri: (app, rec, at) => `https://recordings.aldermoor.example/${at.toISOString().slice(0, 7)}/${app}/${rec}.wav`,
  artifactPrefix: 's3://aldermoor-qa-artifacts',
  ruleSetId: 'aldermoor_conduct_rules_2025',
};
