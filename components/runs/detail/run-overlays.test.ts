import { describe, expect, it } from 'vitest';
import { progressOf, runOverlays, type InstanceStatus } from './run-overlays';

const doc = {
  asl: {
    StartAt: 'Get',
    States: {
      Get: { Type: 'Task', Next: 'Each' },
      Each: { Type: 'Map', End: true, ItemProcessor: { StartAt: 'T', States: { T: { Type: 'Task', End: true } } } },
    },
  },
};
const inst = (instance: string, status: InstanceStatus['status'], extra: Partial<InstanceStatus> = {}): InstanceStatus => ({
  instance,
  status,
  attempts: status === 'pending' ? 0 : 1,
  last_error: null,
  lease: null,
  skill: null,
  branches: null,
  type: 'Task',
  ...extra,
});

describe('runOverlays', () => {
  const instances = Object.fromEntries(
    [
      inst('Get', 'done', {
        skill: {
          bound: ['skill://a@1.0.0'],
          used: 'skill://b@1.0.0',
          swaps: [
            {
              from: 'skill://a@1.0.0',
              to: 'skill://b@1.0.0',
              reason: 'TimeoutError',
              policy: null,
              rationale: null,
              explored: false,
              at: null,
            },
          ],
        },
        attempts: 2,
        last_error: 'TimeoutError: slow',
      }),
      inst('Each', 'running', { type: 'Map', branches: { total: 3, started: 3, done: 1, failed: 1 } }),
      inst('Each[0]/T', 'done'),
      inst('Each[1]/T', 'failed', { last_error: 'SkillError: boom', attempts: 3 }),
      inst('Each[2]/T', 'running', {
        lease: { owner: 'worker-1', ts: '2024-07-08T09:00:00Z', ttl_s: 120, expires_at: '2024-07-08T09:02:00Z' },
      }),
    ].map((i) => [i.instance, i]),
  );

  it("shows each state's instance: status, attempts, swap, Map iteration counts", () => {
    const o = runOverlays(doc, instances, {});
    expect(o.get('/asl/States/Get')).toMatchObject({
      status: 'done',
      attempts: 2,
      swappedTo: 'skill://b@1.0.0',
      lastError: 'TimeoutError: slow',
    });
    expect(o.get('/asl/States/Each')!.iterations).toEqual({ total: 3, done: 1, failed: 1, running: 1 });
  });

  it('sums up the iterations of a state inside a Map, or shows the chosen one', () => {
    const all = runOverlays(doc, instances, {}).get('/asl/States/Each/ItemProcessor/States/T')!;
    expect(all).toMatchObject({ status: 'running', attempts: 3, lastError: 'SkillError: boom', owner: null });
    const second = runOverlays(doc, instances, { Each: 1 }).get('/asl/States/Each/ItemProcessor/States/T')!;
    expect(second).toMatchObject({ status: 'failed', attempts: 3, lastError: 'SkillError: boom' });
    const third = runOverlays(doc, instances, { Each: 2 }).get('/asl/States/Each/ItemProcessor/States/T')!;
    expect(third).toMatchObject({ status: 'running', owner: 'worker-1', leaseExpiresAt: Date.parse('2024-07-08T09:02:00Z') });
  });

  it('ignores instances of states the drawing does not have', () => {
    expect(runOverlays(doc, { Ghost: inst('Ghost', 'done') }, {}).size).toBe(0);
  });

  it('counts progress by status', () => {
    expect(progressOf(instances)).toEqual({ pending: 0, running: 2, done: 2, failed: 1, total: 5 });
  });
});
