import { ANCHOR_APPLICATIONS, ANCHOR_RECORDINGS } from './anchors.ts';
import { randomProfile, scriptLines, timeLines } from './call-script.ts';
import { ADVISORS, CUSTOMERS } from './people.ts';
import { chance, intBetween, mulberry32, pick } from './rng.ts';
import type { Application, Dataset, Product, Recording } from './types.ts';

/** The dataset the demo skills serve. Fixed, so every run of the workflows sees the same calls. */
export const DATASET_SEED = 20240701;
export const DATASET_RANGE = { first: '2024-06-01', last: '2024-08-31' } as const;
const GENERATED_APPLICATIONS = 60;
/** Alex Wong is the new hire of spec §2: his first week is fixed (anchors.ts), and from then on every fourth application is his. */
const ALEX_FROM = '2024-07-08';
const ALEX_EVERY = 4;
const LOANS: Product[] = ['Homeowner Loan', 'Debt Consolidation Loan'];

const DAY_MS = 86_400_000;
const dayOf = (offset: number) => new Date(Date.parse(`${DATASET_RANGE.first}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * Builds the synthetic world from `seed`: the eight advisors, Alex Wong's anchor week (anchors.ts)
 * and 60 generated applications spread evenly over June–August 2024 (one every ~1.5 days; from
 * 2024-07-08 every fourth is Alex Wong's, so every week of his has calls), each with one or two calls
 * recorded on the opening day or up to four days later (never after 2024-08-31). HELOC 2.0 is sold
 * from July on. Pure and deterministic: the same seed always gives an identical dataset.
 */
export function generateDataset(seed: number = DATASET_SEED): Dataset {
  const rng = mulberry32(seed);
  const applications: Application[] = [...ANCHOR_APPLICATIONS];
  const recordings: Recording[] = [...ANCHOR_RECORDINGS];
  const span = (Date.parse(`${DATASET_RANGE.last}T00:00:00Z`) - Date.parse(`${DATASET_RANGE.first}T00:00:00Z`)) / DAY_MS - 2;
  let recordingNo = 90001;
  for (let i = 0; i < GENERATED_APPLICATIONS; i++) {
    const opened = dayOf(Math.floor((i * span) / GENERATED_APPLICATIONS));
    const advisor = opened >= ALEX_FROM && i % ALEX_EVERY === 0 ? ADVISORS[0]! : pick(rng, ADVISORS.slice(1));
    const customer = pick(rng, CUSTOMERS);
    const product: Product = opened >= '2024-07-01' && chance(rng, 0.6) ? 'HELOC 2.0' : pick(rng, LOANS);
    const amount = product === 'HELOC 2.0' ? intBetween(rng, 4, 18) * 5000 : intBetween(rng, 10, 60) * 1000;
    const app: Application = { application_id: `APP-${50001 + i}`, advisor_id: advisor.advisor_id, customer: `${customer.title} ${customer.surname}`, product, amount, opened_on: opened };
    applications.push(app);
    const rate = intBetween(rng, 74, 119) / 10;
    const context = { advisor: advisor.name, customer, product, amount, rate, aprc: Math.round((rate + intBetween(rng, 3, 9) / 10) * 10) / 10, fee: pick(rng, [495, 995, 1495]), termYears: intBetween(rng, 5, 20), income: intBetween(rng, 22, 52) * 100 };
    const calls = chance(rng, 0.3) ? 2 : 1;
    let day = Date.parse(`${opened}T00:00:00Z`) + intBetween(rng, 0, 2) * DAY_MS;
    for (let k = 0; k < calls; k++) {
      const at = new Date(Math.min(day, Date.parse(`${DATASET_RANGE.last}T00:00:00Z`)) + intBetween(rng, 9 * 3600, 17 * 3600) * 1000);
      const id = `REC-${recordingNo++}`;
      const turns = timeLines(scriptLines(context, randomProfile(rng)));
      const [yyyy, mm] = [at.getUTCFullYear(), String(at.getUTCMonth() + 1).padStart(2, '0')];
      recordings.push({ recording_id: id, application_id: app.application_id, uri: `s3://selina-call-recordings/${yyyy}/${mm}/${app.application_id}/${id}.mp3`, duration_s: turns.at(-1)!.end_s, recorded_at: at.toISOString().replace('.000Z', 'Z'), turns });
      day += intBetween(rng, 1, 2) * DAY_MS;
    }
  }
  applications.sort((a, b) => a.opened_on.localeCompare(b.opened_on) || a.application_id.localeCompare(b.application_id));
  return { seed, advisors: [...ADVISORS], applications, recordings };
}

let cached: Dataset | undefined;
/** The served dataset (DATASET_SEED), built once per process. */
export function demoDataset(): Dataset {
  cached ??= generateDataset();
  return cached;
}
