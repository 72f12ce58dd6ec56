import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signIn } from './helpers';

/**
 * The console server runs workflows itself on the embedded default: a run started through the
 * console API is executed by the server's embedded workers (no `dcf worker` is running here).
 * tRPC over HTTP with superjson: inputs go as `{"json": …}`, results come as `result.data.json`.
 */
async function trpc(request: APIRequestContext, path: string, input: unknown, kind: 'query' | 'mutation') {
  const res =
    kind === 'mutation'
      ? await request.post(`/api/trpc/${path}`, { data: { json: input } })
      : await request.get(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  const body = (await res.json()) as { result?: { data: { json: Record<string, unknown> } }; error?: { json: { message: string } } };
  if (!body.result) throw new Error(`${path}: ${res.status()} ${body.error?.json.message}`);
  return body.result.data.json;
}

test("a compliance manager starts the pilot; the server's embedded workers run it to SUCCEEDED", async ({ page }) => {
  await signIn(page, DEMO.compliance);
  const started = await trpc(
    page.request,
    'runs.start',
    {
      path: 'workflows/standard-advice-call-analysis.json',
      input: { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' },
    },
    'mutation',
  );
  expect(started).toMatchObject({ status: 'ok', created: true });
  const runId = started.run_id as string;
  await expect
    .poll(
      async () =>
        ((await trpc(page.request, 'runs.get', { run_id: runId, include_events: false }, 'query')).run as { status: string }).status,
      { timeout: 60_000 },
    )
    .toBe('SUCCEEDED');
  const view = await trpc(page.request, 'runs.get', { run_id: runId, include_events: true }, 'query');
  const output = (view.run as { output: { qa_score: { data: { score: number } } } }).output;
  expect(output.qa_score.data.score).toBeGreaterThanOrEqual(0);
  expect((view.states as Record<string, { status: string }>).CalculateScore!.status).toBe('done');
});

test('a stakeholder may read runs but not start one', async ({ page }) => {
  await signIn(page, DEMO.stakeholder);
  const res = await page.request.post('/api/trpc/runs.start', {
    data: { json: { path: 'workflows/standard-advice-call-analysis.json', input: {} } },
  });
  expect(res.status()).toBe(403);
});
