import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { RUN_INDEX } from '../controlplane/keys.ts';
import { invokeTool } from '../tools/invoke.ts';
import { listWorkflowRunsTool } from '../tools/runtime/list-workflow-runs.ts';
import { executionHarness, task, workflowOf, type ExecutionHarness } from './testing/harness.ts';

type Row = { run_id: string; status: string; workflow_version: string; input: unknown; started_at: string; states: Record<string, number> };
type Page = { status: string; runs: Row[]; next_cursor: string | null; error_code?: string };

const echo = (version: string) => ({
  ...workflowOf({ StartAt: 'E', States: { E: task('echo', { Next: 'P' }), P: { Type: 'Pass', End: true } } }),
  version,
});
const failing = {
  ...workflowOf({ StartAt: 'F', States: { F: task('fail', { Parameters: { error: 'Nope', cause: 'always' }, End: true }) } }),
  workflow_id: '00000000-0000-4000-8000-0000000000f0',
};

describe('list_workflow_runs on real Redis', { timeout: 60_000 }, () => {
  let h: ExecutionHarness;
  const list = (args: Record<string, unknown>) =>
    invokeTool(listWorkflowRunsTool, args, {
      actor: systemActor('test'),
      services: { config: h.config, execution: async () => h.x },
    }) as Promise<Page>;
  /** Runs in start order (oldest first), with what they were started with. */
  const runs: Array<{ id: string; advisor: string | null; version: string; failed: boolean }> = [];

  beforeAll(async () => {
    h = await executionHarness({}, 4);
    const inputs: Array<[string | null, string, boolean]> = [
      ['Alex Wong', '1.0.0', false],
      ['Priya Shah', '1.0.0', false],
      ['alex wong', '1.1.0', false],
      [null, '1.1.0', false],
      ['Sam Lee', '1.0.0', true],
      ['Alexandra Ng', '1.1.0', false],
      ['Priya Shah', '1.0.0', true],
    ];
    for (const [advisor, version, fails] of inputs) {
      const input = advisor === null ? {} : advisor === 'Sam Lee' ? { advisor } : { advisor_name: advisor };
      const run = await h.run(fails ? failing : echo(version), input);
      expect(run.status).toBe(fails ? 'FAILED' : 'SUCCEEDED');
      await h.finalized(run.run_id);
      runs.push({ id: run.run_id, advisor, version: fails ? '1.0.0' : version, failed: fails });
      await new Promise((r) => setTimeout(r, 5)); // distinct start times, so "newest first" is one order
    }
  });
  afterAll(() => h.close());

  const newestFirst = () => [...runs].reverse().map((r) => r.id);

  it('lists every run newest first with its record and state counts', async () => {
    const page = await list({});
    expect(page).toMatchObject({ status: 'ok', next_cursor: null });
    expect(page.runs.map((r) => r.run_id)).toEqual(newestFirst());
    const ok = page.runs.find((r) => r.run_id === runs[0]!.id)!;
    expect(ok).toMatchObject({
      status: 'SUCCEEDED',
      workflow_name: 'test workflow',
      workflow_version: '1.0.0',
      started_by: 'test',
      input: { advisor_name: 'Alex Wong' },
      error: null,
      finished_at: expect.any(String),
      redrive_count: 0,
    });
    expect(ok.states).toEqual({ pending: 0, running: 0, done: 2, failed: 0, total: 2 });
    expect(ok).not.toHaveProperty('output');
    const bad = page.runs.find((r) => r.run_id === runs[4]!.id)!;
    expect(bad).toMatchObject({ status: 'FAILED', error: 'Nope', cause: 'always', states: { done: 0, failed: 1, total: 1 } });
  });

  it('filters by workflow, version, status and advisor (case-insensitive, advisor_name or advisor)', async () => {
    const ids = async (args: Record<string, unknown>) => (await list(args)).runs.map((r) => r.run_id);
    const pick = (f: (r: (typeof runs)[number]) => boolean) => newestFirst().filter((id) => f(runs.find((r) => r.id === id)!));
    expect(await ids({ status: ['FAILED'] })).toEqual(pick((r) => r.failed));
    expect(await ids({ status: ['FAILED', 'SUCCEEDED'] })).toEqual(newestFirst());
    expect(await ids({ workflow_id: failing.workflow_id })).toEqual(pick((r) => r.failed));
    expect(await ids({ version: '1.1.0' })).toEqual(pick((r) => r.version === '1.1.0'));
    expect(await ids({ advisor: 'ALEX' })).toEqual(pick((r) => /alex/i.test(r.advisor ?? '')));
    expect(await ids({ advisor: 'sam' })).toEqual(pick((r) => r.advisor === 'Sam Lee'));
    expect(await ids({ advisor: 'priya', status: ['SUCCEEDED'], version: '1.0.0' })).toEqual([runs[1]!.id]);
    expect(await ids({ advisor: 'nobody' })).toEqual([]);
  });

  it('filters by start time: started_after inclusive, started_before exclusive', async () => {
    const all = (await list({})).runs;
    const at = (id: string) => all.find((r) => r.run_id === id)!.started_at;
    const third = at(runs[2]!.id);
    const fifth = at(runs[4]!.id);
    expect((await list({ started_after: third, started_before: fifth })).runs.map((r) => r.run_id)).toEqual([runs[3]!.id, runs[2]!.id]);
    expect((await list({ started_after: new Date(Date.parse(at(runs[6]!.id)) + 1).toISOString() })).runs).toEqual([]);
  });

  it('pages with the cursor: every run once, in order, also across runs that started in the same millisecond', async () => {
    // Three runs "started" in the same millisecond: ties in the index are ordered by id, and a page may end among them.
    const tie = Number(await h.x.redis.zscore(RUN_INDEX, runs[3]!.id));
    for (const r of runs.slice(1, 3)) await h.x.redis.zadd(RUN_INDEX, tie, r.id);
    const expected = await h.x.redis.zrevrange(RUN_INDEX, 0, -1);
    for (const limit of [1, 2, 3, 7]) {
      const seen: string[] = [];
      let cursor: string | null | undefined;
      do {
        const page = await list({ limit, ...(cursor ? { cursor } : {}) });
        expect(page.status).toBe('ok');
        expect(page.runs.length).toBeLessThanOrEqual(limit);
        seen.push(...page.runs.map((r) => r.run_id));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
    const filtered = await list({ status: ['FAILED'], limit: 1 });
    const next = await list({ status: ['FAILED'], limit: 1, cursor: filtered.next_cursor! });
    expect([...filtered.runs, ...next.runs].map((r) => r.run_id)).toEqual([runs[6]!.id, runs[4]!.id]);
  });

  it('counts the states of a run still going; refuses a bad cursor and a limit above 200', async () => {
    const slow = workflowOf({
      StartAt: 'Nap',
      States: { Nap: task('sleep', { Parameters: { ms: 1500 }, Next: 'After' }), After: { Type: 'Pass', End: true } },
    });
    const id = await h.start(slow, {});
    for (let i = 0; i < 100 && (await h.x.cp.readState(id, 'Nap'))?.status !== 'running'; i++) await new Promise((r) => setTimeout(r, 20));
    const [row] = (await list({ limit: 1 })).runs;
    expect(row).toMatchObject({
      run_id: id,
      status: 'RUNNING',
      finished_at: null,
      states: { pending: 1, running: 1, done: 0, failed: 0, total: 2 },
    });
    expect(await list({ cursor: 'not-a-cursor' })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(await list({ limit: 201 })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(await list({ status: ['DONE'] })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });
});
