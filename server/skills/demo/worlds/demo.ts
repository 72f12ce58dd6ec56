import { ANCHOR_APPLICATIONS, ANCHOR_RECORDINGS } from '../dataset/anchors.ts';
import { ADVISORS, CUSTOMERS } from '../dataset/people.ts';
import type { World } from '../dataset/world.ts';
import { DEMO_LENDER, DEMO_PRODUCTS } from './demo-products.ts';

/**
 * The demo world (spec §2): Selina Finance's eight advisors in two teams, June–August 2024, HELOC 2.0
 * sold from July, Alex Wong the new hire with a fixed first week (anchors.ts) and every fourth
 * application from 2024-07-08. Applications `APP-50001…`, recordings `REC-90001…`.
 */
export const DEMO_WORLD: World = {
  id: 'demo',
  lender: DEMO_LENDER,
  seed: 20240701,
  advisors: ADVISORS,
  customers: CUSTOMERS,
  products: DEMO_PRODUCTS,
  mix: { featured: { product: 'HELOC 2.0', from: '2024-07-01', share: 0.6 }, others: ['Homeowner Loan', 'Debt Consolidation Loan'] },
  range: { first: '2024-06-01', last: '2024-08-31' },
  applications: 60,
  focus: { advisor_id: 'ADV-001', from: '2024-07-08', every: 4 },
  applicationId: (n) => `APP-${50001 + n}`,
  recordingId: (n) => `REC-${90001 + n}`,
  recordingUri: (app, rec, at) =>
    `s3://selina-call-recordings/${at.getUTCFullYear()}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/${app}/${rec}.mp3`,
  artifactPrefix: 's3://selina-qa-artifacts',
  anchors: { applications: ANCHOR_APPLICATIONS, recordings: ANCHOR_RECORDINGS },
  ruleSetId: 'compliance_rules_v2024Q4',
};
