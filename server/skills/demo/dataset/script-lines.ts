import type { Customer } from './people.ts';
import type { Speaker } from './types.ts';
import type { ProductSpec } from './world.ts';

/**
 * The building blocks of a synthetic advice call: what the advisor and the customer say, in a
 * compliant and a deficient form. The wording is what the compliance rules
 * (data/compliance_rules_v2024Q4.csv) and the sentiment lexicon look for, so a call's verdicts
 * follow from the blocks it was assembled from.
 */
export type Line = { speaker: Speaker; text: string };
export interface CallContext {
  /** The firm the advisor calls from. */
  lender: string;
  advisor: string;
  customer: Customer;
  product: ProductSpec;
  amount: number;
  rate: number;
  aprc: number;
  fee: number;
  termYears: number;
  income: number;
}

export const A = (text: string): Line => ({ speaker: 'Advisor', text });
export const C = (text: string): Line => ({ speaker: 'Customer', text });
const pounds = (n: number) => n.toLocaleString('en-GB');

export const opening = (c: CallContext): Line[] => [
  A(`Good morning, this is ${c.advisor} calling from ${c.lender}. Am I speaking with ${c.customer.title} ${c.customer.surname}?`),
  C('Yes, speaking.'),
];
export const recordingNotice = (): Line[] => [
  A('Before we start, I need to let you know that this call is recorded for training and quality purposes.'),
  C("That's fine."),
];
export const securityCheck = (c: CallContext): Line[] => [
  A('Before we go any further, could you confirm your date of birth and the first line of your address?'),
  C(`It's the ${c.customer.dob}, and ${c.customer.address}.`),
  A("Thank you, that's all confirmed."),
];
export const advisedStatus = (): Line[] => [
  A("Today I'll be giving you advice, so any recommendation I make will be based on your circumstances."),
];

export const VULNERABILITY_DISCLOSURES = [
  "Sorry, I should say my husband passed away in March and I've been struggling to keep on top of everything.",
  "I should mention I lost my job last month, so money is tight and I'm finding it hard to cope.",
  "My wife is in hospital at the moment and I'm her carer, so I'm finding it hard to focus.",
] as const;
export const vulnerability = (disclosure: string, handled: boolean): Line[] =>
  handled
    ? [
        C(disclosure),
        A(
          "I'm very sorry to hear that. Please take as much time as you need, and there is additional support available if you would like it. " +
            "I'll note this on your file so that everyone who speaks to you is aware.",
        ),
        C("Thank you, that's kind."),
      ]
    : [C(disclosure), A("Okay. Let's just get this done quickly then, it won't take long.")];

export const affordability = (c: CallContext): Line[] => [
  A('Can I check your monthly income and outgoings, so that we know the repayments are affordable for you?'),
  C(`Of course, I take home about ${pounds(c.income)} pounds a month.`),
];

export const productExplanation = (c: CallContext, good: boolean): Line[] => {
  const own = c.product.explanation;
  if (own) return [A(good ? own.good : own.poor)];
  const name = c.product.name.toLowerCase();
  return good
    ? [
        A(
          `A ${name} is a loan secured on your home, repaid in fixed monthly instalments over the term you choose. ` +
            'Your home may be repossessed if you do not keep up repayments.',
        ),
      ]
    : [A(`A ${name} is just a simple way to borrow against your house, honestly nothing to worry about.`)];
};

/** The customer does not follow; a good explanation gets a plain-language re-explanation. */
export const confusion = (c: CallContext, goodExplanation: boolean): Line[] =>
  c.product.clarification && goodExplanation
    ? [...c.product.clarification]
    : [
        C("Sorry, I'm a bit confused, what does that actually mean for me?"),
        goodExplanation
          ? A('No problem, let me explain: the loan is tied to your home, so it is important to keep up the monthly payments.')
          : A("Don't worry about the details, it's all standard."),
      ];

export const anxiety = (): Line[] => [
  C("I'm a bit worried about putting my home at risk, to be honest."),
  A("That's an understandable concern, and it's why we go through everything carefully."),
];
export const positiveReaction = (): Line[] => [C('That sounds really helpful, thank you.')];

export const offer = (c: CallContext, good: boolean): Line[] => {
  const what =
    c.product.kind === 'credit_line'
      ? `a limit of ${pounds(c.amount)} pounds`
      : `a loan of ${pounds(c.amount)} pounds over ${c.termYears} years`;
  return good
    ? [
        A(
          `Based on your application we can offer ${what} at a variable rate of ${c.rate} percent; ` +
            'the rate can go up or down with the Bank of England base rate. ' +
            `The APRC is ${c.aprc} percent, there is an arrangement fee of ${pounds(c.fee)} pounds, and there are no early repayment charges.`,
        ),
        A(
          'You will receive an ESIS illustration with all of this in writing, and you have a seven-day reflection period before you need to decide.',
        ),
      ]
    : [
        A(
          `We can offer ${pounds(c.amount)} pounds at a variable rate of ${c.rate} percent. This offer ends today, so you really should sign today.`,
        ),
      ];
};

export const alternatives = (): Line[] => [
  A("There are other options too, such as remortgaging or an unsecured loan, and I'm happy to talk those through."),
];
export const checkUnderstanding = (content: boolean): Line[] => [
  A('Does that all make sense, and do you have any questions?'),
  C(content ? "No, that's all clear, thank you." : 'I think so.'),
];
export const closing = (good: boolean): Line[] =>
  good
    ? [
        A('I will send the offer and the illustration by email today. Is there anything else I can help with? Thank you for your time.'),
        C('Thank you, goodbye.'),
      ]
    : [A("I'll email the paperwork over. Bye for now."), C('Bye.')];
