import { COMPLIANT, scriptLines, timeLines } from './call-script.ts';
import type { CallContext } from './script-lines.ts';
import type { Application, Recording, Turn } from './types.ts';
import { DEMO_LENDER, productNamed } from '../worlds/demo-products.ts';

/**
 * Alex Wong's week of spec §2 (2024-07-01 … 07-07), fixed rather than drawn, so the worked
 * example's run always finds the same four calls: REC-88310 is the call of the example results in
 * schemas/examples/ours/data-plane-output/ (same words, same timings); REC-88342 is a deficient
 * HELOC 2.0 call with an anxious customer; REC-88377 a vulnerable customer handled well; REC-88391
 * a compliant follow-up with a confused customer.
 */
const uri = (app: string, rec: string) => `s3://selina-call-recordings/2024/07/${app}/${rec}.mp3`;

const EXAMPLE_TURNS: Turn[] = [
  {
    speaker: 'Advisor',
    start_s: 0.0,
    end_s: 6.2,
    text: 'Good morning, this is Alex Wong calling from Selina Finance. Am I speaking with Mrs Patel?',
  },
  { speaker: 'Customer', start_s: 6.2, end_s: 7.5, text: 'Yes, speaking.' },
  {
    speaker: 'Advisor',
    start_s: 7.5,
    end_s: 14.0,
    text: 'Before we go any further, could you confirm your date of birth and the first line of your address?',
  },
  { speaker: 'Customer', start_s: 14.0, end_s: 19.1, text: "It's the fourth of March 1978, and 12 Elm Road." },
  {
    speaker: 'Advisor',
    start_s: 19.1,
    end_s: 41.8,
    text:
      'Thank you. HELOC 2.0 is a home equity line of credit secured on your home: ' +
      'you can draw up to your limit for the first five years and you pay interest only on what you draw. ' +
      'Your home may be repossessed if you do not keep up repayments.',
  },
  { speaker: 'Customer', start_s: 41.8, end_s: 45.0, text: 'So I only pay interest on the part I use?' },
  {
    speaker: 'Advisor',
    start_s: 45.0,
    end_s: 63.4,
    text:
      "That's right. Based on your application we can offer a limit of 60,000 pounds at a variable rate of 8.9 percent; " +
      'the rate can go up or down with the Bank of England base rate.',
  },
  {
    speaker: 'Advisor',
    start_s: 63.4,
    end_s: 68.0,
    text: 'I will send the offer by email today. Is there anything else I can help with? Thank you for your time.',
  },
];

const base = { lender: DEMO_LENDER, advisor: 'Alex Wong', rate: 8.9, aprc: 9.4, fee: 995, termYears: 15, income: 3400 };
const doyle: CallContext = {
  ...base,
  customer: { title: 'Mr', surname: 'Doyle', dob: 'eighth of May 1980', address: '31 Ash Grove' },
  product: productNamed('HELOC 2.0'),
  amount: 45000,
};
const lloyd: CallContext = {
  ...base,
  customer: { title: 'Mrs', surname: 'Lloyd', dob: 'third of August 1956', address: '2 Willow Way' },
  product: productNamed('Homeowner Loan'),
  amount: 25000,
  rate: 9.6,
  aprc: 10.2,
};

export const ANCHOR_APPLICATIONS: Application[] = [
  {
    application_id: 'APP-49201',
    advisor_id: 'ADV-001',
    customer: 'Mrs Patel',
    product: 'HELOC 2.0',
    amount: 60000,
    opened_on: '2024-07-01',
  },
  {
    application_id: 'APP-49217',
    advisor_id: 'ADV-001',
    customer: 'Mr Doyle',
    product: 'HELOC 2.0',
    amount: 45000,
    opened_on: '2024-07-02',
  },
  {
    application_id: 'APP-49233',
    advisor_id: 'ADV-001',
    customer: 'Mrs Lloyd',
    product: 'Homeowner Loan',
    amount: 25000,
    opened_on: '2024-07-04',
  },
];

function recording(app: string, rec: string, recordedAt: string, turns: Turn[]): Recording {
  return { recording_id: rec, application_id: app, uri: uri(app, rec), duration_s: turns.at(-1)!.end_s, recorded_at: recordedAt, turns };
}

export const ANCHOR_RECORDINGS: Recording[] = [
  recording('APP-49201', 'REC-88310', '2024-07-03T14:12:09Z', EXAMPLE_TURNS),
  recording(
    'APP-49217',
    'REC-88342',
    '2024-07-02T10:05:31Z',
    timeLines(
      scriptLines(doyle, {
        ...COMPLIANT,
        recordingNotice: false,
        advisedStatus: false,
        affordability: false,
        goodExplanation: false,
        offer: 'poor',
        alternatives: false,
        checkUnderstanding: false,
        goodClosing: false,
        anxiety: true,
      }),
    ),
  ),
  recording(
    'APP-49233',
    'REC-88377',
    '2024-07-04T11:30:02Z',
    timeLines(
      scriptLines(lloyd, {
        ...COMPLIANT,
        vulnerability: {
          disclosure: "Sorry, I should say my husband passed away in March and I've been struggling to keep on top of everything.",
          handled: true,
        },
      }),
    ),
  ),
  recording('APP-49233', 'REC-88391', '2024-07-05T15:45:40Z', timeLines(scriptLines(lloyd, { ...COMPLIANT, confusion: true }))),
];
