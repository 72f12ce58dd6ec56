import { A, C } from '../dataset/script-lines.ts';
import type { ProductSpec } from '../dataset/world.ts';

/** Selina Finance's products (spec §2): HELOC 2.0, a credit line with its own wording, and two secured loans. */
export const DEMO_LENDER = 'Selina Finance';

export const HELOC: ProductSpec = {
  name: 'HELOC 2.0',
  kind: 'credit_line',
  amount: { min: 20_000, max: 90_000, step: 5000 },
  explanation: {
    good:
      'HELOC 2.0 is a home equity line of credit secured on your home: ' +
      'you can draw up to your limit for the first five years and you pay interest only on what you draw. ' +
      'After the five-year draw period there is a repayment period in which you repay what you have borrowed. ' +
      'Your home may be repossessed if you do not keep up repayments.',
    poor:
      'HELOC 2.0 is basically a flexible pot of money you can dip into whenever you like. ' +
      "It's guaranteed to save you money compared with a credit card, so there's really no risk.",
  },
  clarification: [
    C("Sorry, I don't really understand what the draw period means."),
    A('No problem, let me explain it more simply: for five years you can borrow from your limit whenever you need to.'),
    C('So I only pay interest on the part I use?'),
    A("That's right."),
  ],
};

const securedLoan = (name: string): ProductSpec => ({ name, kind: 'loan', amount: { min: 10_000, max: 60_000, step: 1000 } });

export const DEMO_PRODUCTS: readonly ProductSpec[] = [HELOC, securedLoan('Homeowner Loan'), securedLoan('Debt Consolidation Loan')];
export const productNamed = (name: string): ProductSpec => DEMO_PRODUCTS.find((p) => p.name === name)!;
