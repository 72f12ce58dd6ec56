import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeys } from '../controlplane/keys.ts';
import { isolatedRedisUrl } from '../testing/test-database.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { scanRunEvents } from './scan-run-events.ts';
import { readRunEvents } from './show-run.ts';

/**
 * scanRunEvents reads a run's stream in Redis-side chunks: by type it keeps exactly the events of those types —
 * not one whose nested object or text merely holds the words — across chunk boundaries, and `after` an id.
 */
describe('scanRunEvents', () => {
  let redis: Redis;
  const runId = randomUUID();
  const x = () => ({ redis }) as unknown as ExecutionServices;
  beforeAll(async () => {
    redis = new Redis(await isolatedRedisUrl(), { maxRetriesPerRequest: 2 });
    const events = [
      { type: 'run', status: 'RUNNING' },
      { type: 'state', instance: 'A', state: { status: 'running' }, note: 'lease_acquired' },
      { type: 'skill_swap', instance: 'A', from: 'skill://a@1.0.0', to: 'skill://b@1.0.0' },
      // Neither is a redrive: a nested object's type, and the words inside a string.
      { type: 'state', instance: 'B', state: { status: 'failed', detail: { type: 'redrive' } }, note: null },
      { type: 'state', instance: 'C', state: { status: 'failed', last_error: '{"type":"redrive"}' }, note: null },
      { type: 'redrive', redrive_count: 1 },
      { type: 'state', instance: 'A', state: { status: 'done' }, note: 'done' },
      { type: 'skill_swap', instance: 'A', from: 'skill://b@1.0.0', to: 'skill://c@1.0.0' },
    ];
    for (const e of events) await redis.xadd(runKeys(runId).events, '*', 'e', JSON.stringify({ ...e, run_id: runId }));
  });
  afterAll(() => redis.disconnect());

  const shape = (events: { event: Record<string, unknown> }[]) => events.map((e) => `${e.event.type}:${e.event.instance ?? ''}`);

  it('keeps exactly the events of the types asked for, in order, whatever the chunk', async () => {
    for (const chunk of [1, 2, 3, 100]) {
      const found = await scanRunEvents(x(), runId, { types: ['redrive', 'skill_swap'], chunk });
      expect(shape(found)).toEqual(['skill_swap:A', 'redrive:', 'skill_swap:A']);
    }
    expect(await scanRunEvents(x(), runId, { types: [] })).toEqual([]);
    expect(await scanRunEvents(x(), randomUUID(), { types: ['redrive'] })).toEqual([]);
  });

  it('reads every event, or those after an id, as readRunEvents does', async () => {
    const all = await readRunEvents(x(), runId);
    expect(await scanRunEvents(x(), runId, { chunk: 3 })).toEqual(all);
    const redrive = all.find((e) => e.event.type === 'redrive')!;
    const after = await scanRunEvents(x(), runId, { after: redrive.id, chunk: 1 });
    expect(after).toEqual(all.slice(all.indexOf(redrive) + 1));
  });
});
