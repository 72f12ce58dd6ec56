import type { Customer } from './people.ts';
import type { Line } from './script-lines.ts';
import type { Advisor, Application, Recording } from './types.ts';

/**
 * A lender's world: everything the generator draws a dataset from. The demo world (worlds/demo.ts)
 * is Selina Finance's of spec §2; another lender's (worlds/second-lender.ts) has other people,
 * products, id formats, dates and rule set, and the skills serve whichever world their server was
 * started with. Nothing about a lender lives in the skills' logic: it is all here.
 */
export interface ProductSpec {
  name: string;
  /** How the offer is phrased: a credit line offers a limit to draw from, a loan an amount over a term. */
  kind: 'credit_line' | 'loan';
  /** The amounts drawn: a multiple of `step` between `min` and `max` (inclusive). */
  amount: { min: number; max: number; step: number };
  /** The product explained well and badly; absent, the wording of a loan secured on the home, with the product's name. */
  explanation?: { good: string; poor: string };
  /** A confused customer after a good explanation: their question and the advisor's plainer answer (absent: the generic exchange). */
  clarification?: Line[];
}

/** Which product an application is for: the featured one (from a day, with a probability), else one of the others. */
export interface ProductMix {
  featured?: { product: string; from: string; share: number };
  others: readonly string[];
}

export interface World {
  /** The world's id (`DCF_DEMO_WORLD`, `startDemoSkillsServer({world})`). */
  id: string;
  /** The firm the advisors call from (said in every opening). */
  lender: string;
  seed: number;
  advisors: readonly Advisor[];
  customers: readonly Customer[];
  products: readonly ProductSpec[];
  mix: ProductMix;
  /** The days calls are recorded on (inclusive, YYYY-MM-DD). */
  range: { first: string; last: string };
  /** How many applications are generated, spread evenly over the range. */
  applications: number;
  /** An advisor who gets every `every`-th application from `from` on (the demo's new hire); the others share the rest. */
  focus?: { advisor_id: string; from: string; every: number };
  /** Ids of the n-th generated application and recording (0-based). */
  applicationId(n: number): string;
  recordingId(n: number): string;
  /** Where a recording's audio is stored. */
  recordingUri(applicationId: string, recordingId: string, recordedAt: Date): string;
  /** Where the transcription skills file their transcripts (an artifact URI prefix). */
  artifactPrefix: string;
  /** Fixed applications and recordings that come before the generated ones. */
  anchors?: { applications: readonly Application[]; recordings: readonly Recording[] };
  /** The compliance rule set the lender's calls are checked against (server/skills/demo/data/<id>.csv). */
  ruleSetId: string;
}

export function productSpec(world: World, name: string): ProductSpec {
  const spec = world.products.find((p) => p.name === name);
  if (!spec) throw new Error(`world ${world.id} has no product ${name}`);
  return spec;
}
