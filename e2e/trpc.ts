import type { APIRequestContext } from '@playwright/test';

/**
 * Calls a tRPC procedure over HTTP as the page's signed-in user (its cookies): superjson, so
 * inputs go as `{"json": …}` and results come back as `result.data.json` (as in runs.spec.ts).
 */
export async function trpc<T = Record<string, unknown>>(request: APIRequestContext, path: string, input: unknown, kind: 'query' | 'mutation'): Promise<T> {
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
