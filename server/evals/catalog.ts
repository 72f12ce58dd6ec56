import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config.ts';
import { loadDataset, worldMismatch } from './dataset.ts';

/** A repository dataset as the Evaluations page offers it. */
export interface DatasetEntry {
  name: string;
  description: string;
  world: string;
  cases: number;
  /** Cases by role: the Planner's and the Conductor's conversations. */
  roles: { planner: number; conductor: number };
  /** Why it cannot run on this deployment (a bad file, another lender's world), or null. */
  problem: string | null;
}

/** At most this many dataset files are read (the folder is the repository's, not users'). */
const MAX_DATASETS = 100;
const FILE = /^[a-z0-9][a-z0-9-]{0,63}\.json$/;

/**
 * The datasets of the repository (evals/datasets/*.json), by name, each read and checked as a
 * run would read it: a file that breaks the schema or is written for another lender's world than
 * this deployment serves is listed with the reason it cannot run, not hidden.
 */
export async function listDatasets(rootDir: string): Promise<DatasetEntry[]> {
  const dir = path.join(rootDir, 'evals', 'datasets');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => FILE.test(f)).sort();
  const out: DatasetEntry[] = [];
  for (const f of files.slice(0, MAX_DATASETS)) {
    const name = f.slice(0, -'.json'.length);
    const read = await loadDataset(name, rootDir);
    if (!read.ok) {
      out.push({ name, description: '', world: '', cases: 0, roles: { planner: 0, conductor: 0 }, problem: read.error });
      continue;
    }
    const d = read.value.dataset;
    const conductor = d.cases.filter((c) => c.role === 'conductor').length;
    out.push({
      name: d.name,
      description: d.description,
      world: d.world,
      cases: d.cases.length,
      roles: { planner: d.cases.length - conductor, conductor },
      problem: worldMismatch(d, config().skillTransport),
    });
  }
  return out;
}
