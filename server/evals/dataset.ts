import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DATASET_LIMITS, datasetSchema, type EvalDataset } from './dataset-schema.ts';

/** A dataset read from its file: the parsed content, where it came from, and the SHA-256 of its bytes. */
export interface LoadedDataset {
  dataset: EvalDataset;
  file: string;
  digest: string;
}

export type DatasetResult = { ok: true; value: LoadedDataset } | { ok: false; error: string };

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * Where a dataset argument points: a bare name is evals/datasets/<name>.json under the project
 * root; anything else (with a slash or ending in .json) is a path.
 */
export function datasetPath(arg: string, rootDir: string): string {
  if (NAME.test(arg)) return path.join(rootDir, 'evals', 'datasets', `${arg}.json`);
  return path.resolve(arg);
}

/** Reads and checks a dataset file; every problem is a sentence naming the file and the JSON path. */
export async function loadDataset(arg: string, rootDir: string): Promise<DatasetResult> {
  const file = datasetPath(arg, rootDir);
  let size: number;
  try {
    size = (await stat(/*turbopackIgnore: true*/ file)).size;
  } catch {
    return { ok: false, error: `no dataset ${arg}: ${file} does not exist` };
  }
  if (size > DATASET_LIMITS.fileBytes)
    return { ok: false, error: `${file} has ${size} bytes; a dataset may have at most ${DATASET_LIMITS.fileBytes}` };
  const bytes = await readFile(/*turbopackIgnore: true*/ file);
  return parseDataset(bytes, file);
}

/** Checks a dataset's bytes (pure apart from hashing). */
export function parseDataset(bytes: Buffer, file: string): DatasetResult {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    return { ok: false, error: `${file} is not JSON: ${(err as Error).message}` };
  }
  const r = datasetSchema.safeParse(json);
  if (!r.success) {
    const problems = r.error.issues.slice(0, 10).map((i) => `  ${i.path.length ? i.path.join('.') : '(top)'}: ${i.message}`);
    const more = r.error.issues.length > 10 ? [`  … and ${r.error.issues.length - 10} more`] : [];
    return { ok: false, error: `${file} is not a valid dataset:\n${[...problems, ...more].join('\n')}` };
  }
  return { ok: true, value: { dataset: r.data, file, digest: createHash('sha256').update(bytes).digest('hex') } };
}

/**
 * Why a dataset cannot run on this deployment's data, or null: a dataset is written for one
 * lender's world, and when the skills are the in-process demo server (no DCF_MCP_BASE_URL or
 * DCF_MCP_ENDPOINTS) that server serves DCF_DEMO_WORLD's — scoring the second lender's cases on
 * the demo's people would measure nothing. With external skill servers the operator vouches for
 * the data.
 */
export function worldMismatch(
  dataset: { name: string; world: string },
  skills: { mcpBaseUrl: string | undefined; endpoints: readonly unknown[]; demoWorld: string | undefined },
): string | null {
  if (skills.mcpBaseUrl || skills.endpoints.length) return null;
  const served = skills.demoWorld ?? 'demo';
  if (served === dataset.world) return null;
  return (
    `dataset ${dataset.name} is written for the world "${dataset.world}", but this deployment's demo skills serve "${served}"` +
    ` (set DCF_DEMO_WORLD=${dataset.world} for a deployment that serves it)`
  );
}
