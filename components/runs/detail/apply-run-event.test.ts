import { describe, expect, it } from 'vitest';
import { applyRunEvent, compareEventIds, mergeFresher } from './apply-run-event';
import type { Instance, RunDetail } from './types';

const instance = (name: string, extra: Partial<Instance> = {}): Instance => ({
  instance: name,
  state: name.slice(name.lastIndexOf('/') + 1),
  type: 'Task',
  parent: null,
  status: 'pending',
  attempts: 0,
  last_error: null,
  entered_at: '2024-07-08T09:00:00.000Z',
  started_at: null,
  finished_at: null,
  lease: null,
  retry_counts: [],
  input: {},
  effective_input: null,
  output: null,
  data: null,
  skill: { bound: ['skill://whisper-transcribe@1.0.0'], used: null, swaps: [] },
  branches: null,
  events: [],
  ...extra,
});
const detail = (): RunDetail =>
  ({
    status: 'ok',
    error: null,
    run: { run_id: 'r1', status: 'RUNNING' },
    meta: {},
    states: {},
    entries: {},
    data: {},
    events: [{ id: '1-0', event: { type: 'run', status: 'RUNNING' } }],
    instances: { 'Each[0]/T': instance('Each[0]/T') },
  }) as unknown as RunDetail;
const lease = { token: 't', owner_agent_id: 'worker-a', ts: '2024-07-08T09:00:10.000Z', ttl_s: 120 };

describe('applyRunEvent', () => {
  it('a state event updates its instance: status, attempts, lease with its expiry, error, timings', () => {
    const d = applyRunEvent(detail(), {
      id: '2-0',
      event: {
        type: 'state',
        instance: 'Each[0]/T',
        state: { status: 'running', attempts: 1, lease, started_at: '2024-07-08T09:00:10.000Z', finished_at: null, last_error: null },
      },
    });
    const i = d.instances!['Each[0]/T']!;
    expect(i).toMatchObject({ status: 'running', attempts: 1, started_at: '2024-07-08T09:00:10.000Z' });
    expect(i.lease).toEqual({ owner: 'worker-a', ts: lease.ts, ttl_s: 120, expires_at: '2024-07-08T09:02:10.000Z' });
    expect(i.events.map((e) => e.id)).toEqual(['2-0']);
    expect(d.events.map((e) => e.id)).toEqual(['1-0', '2-0']);
    expect(d.states['Each[0]/T']!.status).toBe('running');
  });

  it('a state event of an unknown instance (a new Map iteration) adds it, typed like its siblings', () => {
    const d = applyRunEvent(detail(), {
      id: '2-0',
      event: {
        type: 'state',
        instance: 'Each[1]/T',
        at: '2024-07-08T09:00:11.000Z',
        state: { status: 'pending', attempts: 0, lease: { token: null, owner_agent_id: null, ts: null, ttl_s: null } },
      },
    });
    expect(d.instances!['Each[1]/T']).toMatchObject({
      state: 'T',
      type: 'Task',
      status: 'pending',
      lease: null,
      entered_at: '2024-07-08T09:00:11.000Z',
    });
  });

  it('a run event changes the run fields; a swap is added to its instance', () => {
    let d = applyRunEvent(detail(), {
      id: '2-0',
      event: {
        type: 'skill_swap',
        instance: 'Each[0]/T',
        from: 'skill://whisper-transcribe@1.0.0',
        to: 'skill://assemblyai-transcribe@1.0.0',
        reason: 'TimeoutError',
        explored: false,
      },
    });
    expect(d.instances!['Each[0]/T']!.skill).toMatchObject({
      used: 'skill://assemblyai-transcribe@1.0.0',
      swaps: [{ to: 'skill://assemblyai-transcribe@1.0.0', reason: 'TimeoutError' }],
    });
    d = applyRunEvent(d, {
      id: '3-0',
      event: { type: 'run', at: 'x', run_id: 'r1', status: 'SUCCEEDED', finished_at: '2024-07-08T09:01:00Z' },
    });
    expect(d.run).toEqual({ run_id: 'r1', status: 'SUCCEEDED', finished_at: '2024-07-08T09:01:00Z' });
  });

  it('an event it already has changes nothing', () => {
    const d = detail();
    expect(applyRunEvent(d, { id: '1-0', event: { type: 'run', status: 'FAILED' } })).toBe(d);
  });
});

describe('mergeFresher', () => {
  it('re-applies live events newer than the re-read snapshot, and only those', () => {
    const live = applyRunEvent(detail(), { id: '5-0', event: { type: 'run', status: 'SUCCEEDED' } });
    const fresh = { ...detail(), run: { run_id: 'r1', status: 'RUNNING', output: { score: 60 } } } as unknown as RunDetail;
    const merged = mergeFresher(live, fresh);
    expect(merged.run).toMatchObject({ status: 'SUCCEEDED', output: { score: 60 } });
    expect(merged.events.map((e) => e.id)).toEqual(['1-0', '5-0']);
    expect(mergeFresher(null, fresh)).toBe(fresh);
    // Ids compare as numbers, not text.
    expect(compareEventIds('10-0', '9-5')).toBeGreaterThan(0);
    expect(compareEventIds('9-10', '9-9')).toBeGreaterThan(0);
  });
});
