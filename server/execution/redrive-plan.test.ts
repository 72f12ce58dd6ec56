import { describe, expect, it } from 'vitest';
import type { StateDocument } from '../controlplane/state-document.ts';
import type { EntryRecord } from '../contracts/execution-entries.ts';
import { joinRepair, planRedrive } from './redrive-plan.ts';

const lease = { token: null, owner_agent_id: null, ts: null, ttl_s: null };
const doc = (status: StateDocument['status'], last_error: string | null = null, attempts = 1): StateDocument => ({
  status,
  attempts,
  lease,
  started_at: null,
  finished_at: null,
  last_error,
});
const entry = (id: string, parent?: [string, string, number], output?: unknown): EntryRecord => ({
  entry: id,
  input: { id },
  entered_at: '2024-07-01T00:00:00Z',
  ...(parent ? { parent: { instance: parent[0], entry: parent[1], index: parent[2] } } : {}),
  ...(output !== undefined ? { output } : {}),
});
const forks =
  (...names: string[]) =>
  (i: string) =>
    names.includes(i.slice(i.lastIndexOf('/') + 1));

/**
 * A run that failed in a Parallel P whose second branch holds a Map M: iteration 0 is done,
 * 1 failed, 2 was interrupted by the run's end; the first branch's Task A is done.
 */
const nested = () => ({
  states: {
    Start: doc('done'),
    P: doc('failed', 'Flaky: m1'),
    A: doc('done'),
    M: doc('failed', 'Flaky: m1'),
    'M[0]/T': doc('done'),
    'M[1]/T': doc('failed', 'Flaky: m1', 2),
    'M[2]/T': doc('failed', 'Closed: run FAILED'),
    After: doc('pending', null, 0),
  } as Record<string, StateDocument>,
  entries: {
    Start: entry('s', undefined, {}),
    P: entry('p'),
    A: entry('a', ['P', 'p', 0], 'a-out'),
    M: entry('m', ['P', 'p', 1]),
    'M[0]/T': entry('t0', ['M', 'm', 0], 't0-out'),
    'M[1]/T': entry('t1', ['M', 'm', 1]),
    'M[2]/T': entry('t2', ['M', 'm', 2]),
  } as Record<string, EntryRecord>,
  isFork: forks('P', 'M'),
});

describe('planRedrive', () => {
  it('re-enters the innermost failures and interrupted instances, and resumes every fork above them', () => {
    const plan = planRedrive(nested());
    expect(plan).toEqual({
      targets: [
        { instance: 'M[1]/T', entry: expect.objectContaining({ entry: 't1' }), attempts: 2, kind: 'failed' },
        { instance: 'M[2]/T', entry: expect.objectContaining({ entry: 't2' }), attempts: 1, kind: 'interrupted' },
      ],
      forks: [
        { instance: 'M', entry: expect.objectContaining({ entry: 'm' }), indices: [1, 2] },
        { instance: 'P', entry: expect.objectContaining({ entry: 'p' }), indices: [1] },
      ],
    });
  });

  it('ignores failures a Catch took (output recorded), under a caught fork, and under an orphaned fork entry', () => {
    const caught = nested();
    caught.entries.P = entry('p', undefined, { Error: 'Flaky' }); // P's Catch took the failure; the run failed later, in Boom
    caught.states.Boom = doc('failed', 'Boom: x');
    caught.entries.Boom = entry('b');
    expect(planRedrive(caught)).toMatchObject({ targets: [{ instance: 'Boom', kind: 'failed' }], forks: [] });

    const orphaned = nested();
    orphaned.entries.M = entry('m-retried', ['P', 'p', 1]); // M was retried: its iterations of entry m are orphans
    orphaned.states.M = doc('failed', 'States.Runtime: bad ItemsPath');
    expect(planRedrive(orphaned)).toMatchObject({ targets: [{ instance: 'M', kind: 'failed' }], forks: [{ instance: 'P', indices: [1] }] });
  });

  it('a fork that failed with no failed instance below it is re-entered itself', () => {
    const states = { Fork: doc('failed', 'States.Runtime: ItemsPath') };
    const entries = { Fork: entry('f') };
    expect(planRedrive({ states, entries, isFork: forks('Fork') })).toMatchObject({
      targets: [{ instance: 'Fork', kind: 'failed' }],
      forks: [],
    });
  });

  it('with a selection: only the named failures (or those under a named fork), plus interrupted ones', () => {
    const two = nested();
    two.states['M[2]/T'] = doc('failed', 'Flaky: m2'); // iteration 2 failed too
    expect(planRedrive({ ...two, select: ['M[1]/T'] })).toMatchObject({
      targets: [{ instance: 'M[1]/T' }],
      forks: [
        { instance: 'M', indices: [1] },
        { instance: 'P', indices: [1] },
      ],
    });
    expect(planRedrive({ ...two, select: ['M'] })).toMatchObject({ targets: [{ instance: 'M[1]/T' }, { instance: 'M[2]/T' }] });
    expect(planRedrive({ ...nested(), select: ['M[1]/T'] })).toMatchObject({
      targets: [{ instance: 'M[1]/T' }, { instance: 'M[2]/T', kind: 'interrupted' }],
    });
    expect(planRedrive({ ...two, select: ['A', 'M[0]/T'] })).toEqual({
      error: 'not_failed',
      states: ['A', 'M[0]/T'],
      redrivable: ['M', 'M[1]/T', 'M[2]/T', 'P'],
    });
    expect(planRedrive({ ...two, select: ['M[7]/T'] })).toMatchObject({ error: 'unknown_state', states: ['M[7]/T'] });
  });

  it('nothing to redrive when no instance is open', () => {
    expect(planRedrive({ states: { A: doc('done') }, entries: { A: entry('a', undefined, 1) }, isFork: () => false })).toEqual({
      error: 'nothing_failed',
    });
  });
});

describe('joinRepair', () => {
  const report = (e: string, ok: boolean) => JSON.stringify(ok ? { entry: e, ok, output: 1 } : { entry: e, ok, error: 'X', cause: 'y' });
  const fork = { instance: 'M', entry: entry('m'), indices: [1] };

  it("removes the re-run branches' reports and counts the failures left for the current entry", () => {
    const join = {
      entry: 'm',
      total: '4',
      'r:0': report('m', true),
      'r:1': report('m', false),
      'r:2': report('m', false),
      'r:3': report('old', false),
      'failed:m': '2',
    };
    expect(joinRepair(fork, join)).toEqual({ remove: ['r:1'], failedField: 'failed:m', failed: 1 });
    expect(joinRepair({ ...fork, indices: [1, 2] }, join)).toEqual({ remove: ['r:1', 'r:2'], failedField: 'failed:m', failed: 0 });
  });
});
