import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Calls a tRPC procedure over HTTP as the page's signed-in user (its cookies): superjson, so
 * inputs go as `{"json": …}` and results come back as `result.data.json` (as in runs.spec.ts).
 */
export async function trpc<T = Record<string, unknown>>(
  request: APIRequestContext,
  path: string,
  input: unknown,
  kind: 'query' | 'mutation',
): Promise<T> {
  const res =
    kind === 'mutation'
      ? await request.post(`/api/trpc/${path}`, { data: { json: input } })
      : await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  const body = (await res.json()) as { result?: { data: { json: T } }; error?: { json: { message: string } } };
  if (!body.result) throw new Error(`${path}: ${res.status()} ${body.error?.json.message}`);
  return body.result.data.json;
}

/** The seeded catalog (workflows/catalog.json): the standard workflow and its two refinements. */
export const SEEDED = {
  standard: { id: 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21', version: '1.0.0', name: 'Standard Advice Call Analysis' },
  allCalls: { id: '5f0e7d2a-3b9c-4e1f-8a6d-2c4b9e7f1a30', version: '1.0.0', name: 'Standard Advice Call Analysis (all calls)' },
  productCompliance: { id: 'a8d3b1c9-9e8a-4f2b-9e3d-7c1b0d8a4b21', version: '1.0.0', name: 'Product Explanation Compliance Check' },
} as const;

/**
 * Starts the seeded all-calls workflow over one advisor's period as the page's user; resolves with
 * the run's id once the run SUCCEEDED and the QA store holds its calls (the consolidation job stored them).
 */
export async function analyseWithAllCalls(
  request: APIRequestContext,
  input: { advisor_name: string; start_date: string; end_date: string },
): Promise<string> {
  const { run_id: runId } = await trpc<{ run_id: string }>(request, 'runs.start', { workflow_id: SEEDED.allCalls.id, input }, 'mutation');
  const status = async () =>
    (await trpc<{ run: { status: string } }>(request, 'runs.get', { run_id: runId, include_events: false }, 'query')).run.status;
  await expect.poll(status, { timeout: 150_000 }).toBe('SUCCEEDED');
  const stored = async () => (await trpc<{ total: number }>(request, 'qa.list', { filter: { run_id: runId } }, 'query')).total;
  await expect.poll(stored, { timeout: 30_000 }).toBeGreaterThan(0);
  return runId;
}
