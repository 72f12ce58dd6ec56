import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunEvents } from './show-run.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';
import { waitForRun } from './wait-run.ts';
import { runContextArguments, runWebhookUrl } from './webhook.ts';
import { WEBHOOK_LIMITS } from './webhook-limits.ts';
import { handleRunWebhook } from './webhook-request.ts';

/**
 * Issue 14 item 5: anyone with a run id could add unlimited 10 KB events (20 MB bodies parsed
 * whole) to any run, finished ones included. Now the URL a state instance is handed carries a
 * token signed for that run and instance, accepted only while the instance runs, within limits.
 */
const JSON_TYPE = { 'content-type': 'application/json' };

describe("a run's webhook (real Redis, in-process workers)", { timeout: 60_000 }, () => {
  let h: ExecutionHarness;
  beforeAll(async () => {
    h = await executionHarness();
  });
  afterAll(() => h?.close());

  const post = (runId: string, url: string, body = '{"status":"completed"}') =>
    handleRunWebhook(h.x, runId, new Request(url, { method: 'POST', body, headers: JSON_TYPE }));
  const webhookEvents = async (runId: string) => (await readRunEvents(h.x, runId)).map((e) => e.event).filter((e) => e.type === 'webhook');
  const napping = async (ms: number) => {
    const nap = { StartAt: 'Nap', States: { Nap: task('sleep', { Parameters: { ms }, End: true }) } };
    const runId = await h.start(workflowOf(nap), {});
    for (let i = 0; i < 200 && (await h.x.cp.readState(runId, 'Nap'))?.status !== 'running'; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    return runId;
  };

  it('accepts the URL handed to a running state, records the call, and refuses it once the run has finished', async () => {
    const runId = await napping(1_500);
    const { webhook_url: url } = await runContextArguments(h.config, runId, 'Nap');
    expect(url).toBe(await runWebhookUrl(h.config, runId, 'Nap'));
    const expected = new RegExp(`^http://localhost:3000/api/runs/${runId}/webhook\\?state=Nap&token=[\\w-]{43}$`);
    expect(String(url)).toMatch(expected);
    const res = await post(runId, String(url), '{"job_id": "aai-1", "status": "completed"}');
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok', error: null }]);
    const body = '{"job_id": "aai-1", "status": "completed"}';
    expect(await webhookEvents(runId)).toMatchObject([{ type: 'webhook', instance: 'Nap', body }]);

    expect(await waitForRun(h.x, runId, 20_000)).toMatchObject({ status: 'SUCCEEDED' });
    const late = await post(runId, String(url));
    expect(late.status).toBe(410);
    const gone = { status: 'error', error_code: 'gone', error: expect.stringContaining('the run is SUCCEEDED') };
    expect(await late.json()).toMatchObject(gone);
    expect(await webhookEvents(runId)).toHaveLength(1);
  });

  it("refuses a URL without a token, with another run's or state's token, or with a forged one", async () => {
    const runId = await napping(3_000);
    const other = await runWebhookUrl(h.config, randomUUID(), 'Nap');
    const otherState = await runWebhookUrl(h.config, runId, 'Other');
    const base = `http://localhost:3000/api/runs/${runId}/webhook`;
    const tries = [
      base,
      `${base}?state=Nap`,
      `${base}?${new URL(other).searchParams}`,
      `${base}?state=Nap&token=${new URL(otherState).searchParams.get('token')}`,
      `${base}?state=Nap&token=${'A'.repeat(43)}`,
    ];
    for (const url of tries) {
      const res = await post(runId, url);
      expect(res.status, url).toBe(403);
      expect(await res.json()).toMatchObject({ status: 'error', error_code: 'forbidden' });
    }
    // A valid token for a run that does not exist says so only after the token checked out.
    const ghost = randomUUID();
    expect((await post(ghost, await runWebhookUrl(h.config, ghost, 'Nap'))).status).toBe(404);
    expect(await webhookEvents(runId)).toEqual([]);
  });

  it('refuses bodies over the limit and bodies that are not JSON, recording nothing', async () => {
    const runId = await napping(3_000);
    const url = await runWebhookUrl(h.config, runId, 'Nap');
    const big = await post(runId, url, `{"pad": "${'x'.repeat(WEBHOOK_LIMITS.maxBodyBytes)}"}`);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ status: 'error', error_code: 'payload_too_large' });
    expect((await post(runId, url, 'not json')).status).toBe(400);
    expect(await webhookEvents(runId)).toEqual([]);
  });

  it('caps the events of a state, then the calls of a run per minute (429 with Retry-After)', async () => {
    const runId = await napping(10_000);
    const url = await runWebhookUrl(h.config, runId, 'Nap');
    const statuses: number[] = [];
    for (let i = 0; i < WEBHOOK_LIMITS.callsPerMinute; i++) {
      statuses.push((await post(runId, url, `{"n": ${i}}`)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(WEBHOOK_LIMITS.eventsPerState);
    expect(statuses.slice(WEBHOOK_LIMITS.eventsPerState).every((s) => s === 429)).toBe(true);
    expect(await webhookEvents(runId)).toHaveLength(WEBHOOK_LIMITS.eventsPerState);
    const limited = await post(runId, url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const error = expect.stringContaining('webhook calls a minute');
    expect(await limited.json()).toMatchObject({ error_code: 'rate_limited', error });
    await h.x.cp.commit(h.x.cp.builder(runId).evenWhenFinished().run({ status: 'ABORTED' }));
  });
});
