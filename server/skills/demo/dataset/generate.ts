import { DEMO_WORLD } from '../worlds/demo.ts';
import { randomProfile, scriptLines, timeLines } from './call-script.ts';
import { chance, intBetween, mulberry32, pick } from './rng.ts';
import type { Application, Dataset, Recording } from './types.ts';
import { productSpec, type World } from './world.ts';

/** The dataset the demo skills serve. Fixed, so every run of the workflows sees the same calls. */
export const DATASET_SEED = DEMO_WORLD.seed;
export const DATASET_RANGE = DEMO_WORLD.range;

const DAY_MS = 86_400_000;
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The product of an application opened on `opened`: the featured one from its day, with its share; else one of the others. */
function drawProduct(world: World, rng: () => number, opened: string): string {
  const featured = world.mix.featured;
  return featured && opened >= featured.from && chance(rng, featured.share) ? featured.product : pick(rng, world.mix.others);
}

/**
 * Builds a world's dataset from `seed`: its advisors, its anchors (the demo's Alex Wong week) and
 * `world.applications` generated applications spread evenly over the range (the demo: 60 over
 * June–August 2024, one every ~1.5 days; from 2024-07-08 every fourth is Alex Wong's, so every week
 * of his has calls), each with one or two calls recorded on the opening day or up to four days
 * later (never after the range's last day). Pure and deterministic: the same world and seed always
 * give an identical dataset.
 */
export function generateDataset(seed: number = DATASET_SEED, world: World = DEMO_WORLD): Dataset {
  const rng = mulberry32(seed);
  const applications: Application[] = [...(world.anchors?.applications ?? [])];
  const recordings: Recording[] = [...(world.anchors?.recordings ?? [])];
  const first = midnight(world.range.first);
  const last = midnight(world.range.last);
  const span = (last - first) / DAY_MS - 2;
  const focus = world.focus && world.advisors.find((a) => a.advisor_id === world.focus!.advisor_id);
  const others = focus ? world.advisors.filter((a) => a !== focus) : world.advisors;
  let recordingNo = 0;
  for (let i = 0; i < world.applications; i++) {
    const opened = new Date(first + Math.floor((i * span) / world.applications) * DAY_MS).toISOString().slice(0, 10);
    const advisor = focus && opened >= world.focus!.from && i % world.focus!.every === 0 ? focus : pick(rng, others);
    const customer = pick(rng, world.customers);
    const product = productSpec(world, drawProduct(world, rng, opened));
    const { min, max, step } = product.amount;
    const amount = intBetween(rng, min / step, max / step) * step;
    const app: Application = {
      application_id: world.applicationId(i),
      advisor_id: advisor.advisor_id,
      customer: `${customer.title} ${customer.surname}`,
      product: product.name,
      amount,
      opened_on: opened,
    };
    applications.push(app);
    const rate = intBetween(rng, 74, 119) / 10;
    const context = {
      lender: world.lender,
      advisor: advisor.name,
      customer,
      product,
      amount,
      rate,
      aprc: Math.round((rate + intBetween(rng, 3, 9) / 10) * 10) / 10,
      fee: pick(rng, [495, 995, 1495]),
      termYears: intBetween(rng, 5, 20),
      income: intBetween(rng, 22, 52) * 100,
    };
    const calls = chance(rng, 0.3) ? 2 : 1;
    let day = midnight(opened) + intBetween(rng, 0, 2) * DAY_MS;
    for (let k = 0; k < calls; k++) {
      const at = new Date(Math.min(day, last) + intBetween(rng, 9 * 3600, 17 * 3600) * 1000);
      const id = world.recordingId(recordingNo++);
      const turns = timeLines(scriptLines(context, randomProfile(rng)));
      recordings.push({
        recording_id: id,
        application_id: app.application_id,
        uri: world.recordingUri(app.application_id, id, at),
        duration_s: turns.at(-1)!.end_s,
        recorded_at: at.toISOString().replace('.000Z', 'Z'),
        turns,
      });
      day += intBetween(rng, 1, 2) * DAY_MS;
    }
  }
  applications.sort((a, b) => a.opened_on.localeCompare(b.opened_on) || a.application_id.localeCompare(b.application_id));
  return { seed, advisors: [...world.advisors], applications, recordings };
}

/** A world with its dataset (at the world's seed): what one skills server serves. */
export interface WorldData {
  world: World;
  dataset: Dataset;
}

const built = new Map<string, WorldData>();
/** The world's dataset at its own seed, built once per process and world. */
export function worldData(world: World = DEMO_WORLD): WorldData {
  let data = built.get(world.id);
  if (!data || data.world !== world) {
    data = { world, dataset: generateDataset(world.seed, world) };
    built.set(world.id, data);
  }
  return data;
}

/** The served demo dataset (DATASET_SEED), built once per process. */
export function demoDataset(): Dataset {
  return worldData(DEMO_WORLD).dataset;
}
