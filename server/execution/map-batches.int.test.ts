import { afterEach, describe, expect, it } from 'vitest';
import { runKeys } from '../controlplane/keys.ts';
import { handleNotification } from './handle-notification.ts';
import { readOutbox } from './notify.ts';
import { sweep } from './sweeper.ts';
import { recordCommits } from './testing/commit-spy.ts';
import { executionHarness, workflowOf, type ExecutionHarness } from './testing/harness.ts';
import { waitForRun } from './wait-run.ts';

let h: ExecutionHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const BATCH = 50;
const LIMITS = { DCF_MAP_BATCH_SIZE: String(BATCH), DCF_MAP_MAX_ITEMS: '1000' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Map whose iterations are one Pass each: the engine alone runs them, fast. */
const mapOf = (fields: Record<string, unknown> = {}) =>
  workflowOf({
    StartAt: 'M',
    States: {
      M: {
        Type: 'Map',
        ItemsPath: '$.items',
        ...fields,
        ItemProcessor: {
          StartAt: 'P',
          States: { P: { Type: 'Pass', Parameters: { 'n.$': '$.n', 'twice.$': 'States.MathAdd($.n, $.n)' }, End: true } },
        },
        End: true,
      },
    },
  });
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ n: i }));
const expected = (n: number) => Array.from({ length: n }, (_, i) => ({ n: i, twice: 2 * i }));

/** Every state event of a run, in stream order (a large Map has more than readRunEvents' default page). */
async function stateEvents(runId: string): Promise<Array<{ instance: string; note: string | null }>> {
  const rows = await h!.x.redis.xrange(runKeys(runId).events, '-', '+');
  const events = rows.map(([, f]) => JSON.parse(f[1]!) as { type: string; instance: string; note: string | null });
  return events.filter((e) => e.type === 'state');
}

const isIteration = (instance: string) => /^M\[\d+\]\/P$/.test(instance);

describe('Map fan-out in bounded batches (real Redis, BullMQ, in-process workers)', () => {
  it('a Map of 1,000 items completes in order, and no commit enters more than DCF_MAP_BATCH_SIZE iterations', async () => {
    h = await executionHarness(LIMITS, 4);
    const commits = recordCommits(h.x);
    const run = await h.run(mapOf(), { items: items(1000) }, 120_000);
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: expected(1000) });
    const entering = commits.map((c) => c.entered.filter(isIteration).length).filter((n) => n > 0);
    expect(Math.max(...entering)).toBe(BATCH);
    expect(entering.reduce((a, b) => a + b, 0)).toBe(1000);
    // The commits stay the size of one batch, not of the Map: the largest carries 50 iterations' writes.
    expect(Math.max(...commits.map((c) => c.ops))).toBeLessThanOrEqual(3 * BATCH + 10);
    const entered = (await stateEvents(run.run_id)).filter((e) => isIteration(e.instance) && e.note === 'entered');
    expect(new Set(entered.map((e) => e.instance)).size).toBe(1000);
    expect(entered).toHaveLength(1000);
  }, 120_000);

  it('MaxConcurrency above the batch size: never more iterations in flight than it allows, results in item order', async () => {
    h = await executionHarness(LIMITS, 4);
    const commits = recordCommits(h.x);
    const run = await h.run(mapOf({ MaxConcurrency: 120 }), { items: items(400) }, 120_000);
    expect(run).toMatchObject({ status: 'SUCCEEDED', output: expected(400) });
    let inFlight = 0;
    let most = 0;
    for (const e of await stateEvents(run.run_id)) {
      if (!isIteration(e.instance)) continue;
      if (e.note === 'entered') most = Math.max(most, ++inFlight);
      if (e.note === 'done') inFlight--;
    }
    expect(most).toBe(120);
    expect(Math.max(...commits.map((c) => c.entered.filter(isIteration).length))).toBeLessThanOrEqual(BATCH);
  }, 120_000);

  it('more items than DCF_MAP_MAX_ITEMS: the Map fails with States.Runtime naming the setting; nothing starts', async () => {
    h = await executionHarness(LIMITS, 2);
    const run = await h.run(mapOf(), { items: items(1001) });
    expect(run).toMatchObject({
      status: 'FAILED',
      error: 'States.Runtime',
      cause: 'the Map has 1001 items, more than DCF_MAP_MAX_ITEMS allows (1000); split the input or raise the setting',
    });
    const view = await h.finalized(run.run_id);
    expect(Object.keys(view.states)).toEqual(['M']);
    expect(await h.x.redis.exists(runKeys(run.run_id).join('M'))).toBe(0);
  });

  it('the worker dies between batches: the re-leased Map goes on from the last batch; repeats start nothing twice', async () => {
    h = await executionHarness(LIMITS, 0); // no consumers: this test delivers the notifications itself
    const x = h.x;
    const runId = await h.start(mapOf(), { items: items(120) });
    const pending = async (instance: string) => (await readOutbox(x, runId)).filter((e) => e.instance === instance);
    const [initial] = await pending('M');
    await handleNotification(x, initial!);
    const join = runKeys(runId).join('M');
    expect(await x.redis.hget(join, 'started')).toBe(String(BATCH));
    const [nextBatch] = await pending('M'); // the Map's own notification for its next batch
    expect(nextBatch).toMatchObject({ reason: 'branch_done', entry: initial!.entry });

    // A worker takes the next batch, leases the Map and dies before its commit.
    expect(await x.cp.acquireLease(runId, 'M', 'worker-that-dies', 1, false)).toMatchObject({ ok: true });
    await sleep(1_100);
    expect((await sweep(x)).reclaimed).toEqual([`${runId}/M`]);
    const [expired] = (await pending('M')).filter((e) => e.reason === 'lease_expired');
    await handleNotification(x, expired!); // continues at 50: the fork is not redone
    expect(await x.redis.hget(join, 'started')).toBe(String(2 * BATCH));
    await handleNotification(x, nextBatch!); // the dead worker's notification, delivered again
    expect(await x.redis.hget(join, 'started')).toBe('120');
    await handleNotification(x, nextBatch!);
    await handleNotification(x, initial!); // a late repeat of the first delivery does not fork again
    expect(await x.redis.hget(join, 'started')).toBe('120');

    const entered = (await stateEvents(runId)).filter((e) => isIteration(e.instance) && e.note === 'entered');
    expect(entered.map((e) => e.instance)).toEqual(Array.from({ length: 120 }, (_, i) => `M[${i}]/P`));
    h.runtime.startWorkers(4);
    expect(await waitForRun(x, runId, 60_000)).toMatchObject({ status: 'SUCCEEDED', output: expected(120) });
  }, 90_000);
});
