import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeChatEndpoint, type ChatRequest, type ScriptedReply } from '../server/agents/local/testing/fake-chat-endpoint.ts';
import { openDatabase, type Db } from '../server/db/client.ts';
import { compareEvalRuns, getEvalRun, listEvalRuns } from '../server/evals/store.ts';
import { runDcf, type DcfRun } from '../server/testing/run-dcf.ts';
import { chatCli, type ChatCli } from './chat/testing/chat-cli.ts';

type EvalJson = {
  run: {
    id: string;
    dataset: string;
    brain: string;
    model: string | null;
    status: string;
    score: number;
    cases_total: number;
    cases_passed: number;
  };
  cases: Array<{
    case_id: string;
    score: number;
    passed: number;
    total: number;
    failed: Array<{ expected: string; seen: string }>;
    error: string | null;
  }>;
  threshold: number;
  passed: boolean;
};

/** A one-case dataset about an advisor the CRM does not have; `extra` adds facts to its expectations. */
const unknownAdvisor = (extra: string[]) => ({
  name: 'unknown-advisor',
  description: 'An advisor the CRM does not know.',
  clock: '2024-07-08T09:00:00Z',
  cases: [
    {
      id: 'john-smith',
      title: 'John Smith is not in the CRM',
      turns: [
        {
          user: "Check the quality of John Smith's calls last week",
          expect: { no_run: true, question: 'Did you mean', facts: ["I can't find John Smith", ...extra] },
        },
      ],
    },
  ],
});

/**
 * `dcf eval` end to end on one data directory prepared by the real scripts/setup.ts (the demo
 * skills, the seeded catalog, the demo clock): the demo dataset on the deterministic brains; a
 * dataset scored under and over a threshold (exit 1, exit 0) and the two runs compared from the
 * database; the OpenAI-compatible brain through a scripted endpoint; bad datasets and brains refused.
 */
describe('dcf eval', { timeout: 300_000 }, () => {
  let cli: ChatCli;
  let dir: string;
  const evalCli = (args: string[], env: Record<string, string> = {}): Promise<DcfRun> =>
    runDcf(['eval', ...args], undefined, { ...cli.env, ...env });
  const withDb = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const h = await openDatabase({ kind: 'pglite', dataDir: path.join(cli.dir, 'pglite') });
    try {
      return await work(h.db);
    } finally {
      await h.close();
    }
  };
  const file = async (name: string, content: unknown) => {
    const p = path.join(dir, name);
    await writeFile(p, typeof content === 'string' ? content : JSON.stringify(content));
    return p;
  };

  beforeAll(async () => {
    cli = await chatCli();
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-eval-'));
  }, 240_000);
  afterAll(async () => {
    await cli?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs the demo dataset through the real Planner and tools, scores every case and stores the run', async () => {
    const r = await evalCli(['demo', '--json', '--threshold', '0', '--brain', 'deterministic']);
    expect(r.code, r.stderr).toBe(0);
    const j = r.json as EvalJson;
    expect(j.run).toMatchObject({ dataset: 'demo', brain: 'deterministic', model: null, status: 'finished', cases_total: j.cases.length });
    expect(j.run.score).toBeCloseTo(j.cases.reduce((a, c) => a + c.score, 0) / j.cases.length, 6);
    expect(j.run.cases_passed).toBe(j.cases.filter((c) => c.passed === c.total).length);
    // What the Planner has done for several issues: a failure here is a drop in understanding.
    const full = new Map(j.cases.map((c) => [c.case_id, c.passed === c.total ? 'pass' : JSON.stringify(c.failed)]));
    for (const id of [
      'review-pilot',
      'explain-call',
      'review-decline',
      'unknown-advisor',
      'team-review-confirm',
      'rank-advisors',
      'follow-ups',
    ]) {
      expect(full.get(id), id).toBe('pass');
    }
    const stored = await withDb((db) => getEvalRun(db, j.run.id));
    expect(stored!.cases.map((c) => [c.case_id, c.passed, c.total])).toEqual(j.cases.map((c) => [c.case_id, c.passed, c.total]));
    const pilot = stored!.cases.find((c) => c.case_id === 'review-pilot')!;
    expect((pilot.transcript as Array<{ runs: unknown[] }>)[1]!.runs).toEqual([
      expect.objectContaining({
        workflow_name: 'Standard Advice Call Analysis',
        input: { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' },
      }),
    ]);
  });

  it('prints a per-case table and exits 1 under the threshold, 0 over it; the two runs compare case by case', async () => {
    const p = await file('unknown.json', unknownAdvisor(['Scheduled']));
    const under = await evalCli([p]);
    expect(under.code, under.stderr).toBe(1);
    expect(under.stdout).toMatch(/^Dataset unknown-advisor \(world demo, digest [0-9a-f]{12}\) · brain deterministic$/m);
    expect(under.stdout).toMatch(/^john-smith +FAIL +3\/4 +75\.0%$/m);
    expect(under.stdout).toContain('✗ turn 1: states "Scheduled" — seen: answer: "I can\'t find John Smith in the CRM.');
    expect(under.stdout).toMatch(/^Score 75\.0% \(0 of 1 cases fully passed\); threshold 90\.0%: NOT reached$/m);
    const over = await evalCli([p, '--threshold', '0.75']);
    expect(over.code, over.stderr).toBe(0);
    expect(over.stdout).toContain('threshold 75.0%: reached');

    const [second, first] = await withDb((db) => listEvalRuns(db, { dataset: 'unknown-advisor', limit: 10 }));
    expect([first!.score, second!.score]).toEqual([0.75, 0.75]);
    const diff = await withDb((db) => compareEvalRuns(db, first!.id, second!.id));
    expect(diff).toMatchObject({
      same_dataset: true,
      better: 0,
      worse: 0,
      same: 1,
      cases: [{ case_id: 'john-smith', base: 0.75, other: 0.75, verdict: 'same' }],
    });
  });

  it('runs against an OpenAI-compatible model (a scripted endpoint) and records the model', async () => {
    const fake = await FakeChatEndpoint.start();
    try {
      // A model that looks the advisor up, then asks about the name it could not find.
      const model = (req: ChatRequest): ScriptedReply => {
        const turn = req.messages.slice(req.messages.findLastIndex((m) => m.role === 'user'));
        const asked = turn
          .flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : []))
          .find((c) => c.function.name === 'list_advisors');
        const listed = asked && turn.find((m) => m.role === 'tool' && m.tool_call_id === asked.id);
        if (!listed || listed.role !== 'tool') return { tool_calls: [{ name: 'list_advisors', arguments: {} }] };
        const advisors = (JSON.parse(listed.content) as { advisors?: Array<{ name: string }> }).advisors ?? [];
        return { content: `I can't find John Smith in the CRM. Did you mean ${advisors[0]?.name ?? 'someone else'}?` };
      };
      fake.reply(...Array.from({ length: 8 }, () => model));
      const p = await file('model.json', unknownAdvisor([]));
      const r = await evalCli([p, '--brain', 'openai', '--json', '--threshold', '1'], {
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_MODEL: 'eval-model',
      });
      expect(r.code, r.stderr).toBe(0);
      const j = r.json as EvalJson;
      expect(j.run).toMatchObject({ brain: 'openai', model: 'eval-model', score: 1 });
      expect(fake.requests.flatMap((q) => q.problems)).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('refuses bad datasets and brains that are not configured, with the reason (exit 2)', async () => {
    const bad = await file('bad.json', { ...unknownAdvisor([]), cases: [{ id: 'x', title: 't', turns: [{ user: 'hi', expect: {} }] }] });
    const r = await evalCli([bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cases.0.turns.0.expect: give at least one expectation');
    expect((await evalCli(['no-such-dataset'])).stderr).toMatch(
      /no dataset no-such-dataset: .*evals\/datasets\/no-such-dataset\.json does not exist/,
    );
    const openai = await evalCli(['demo', '--brain', 'openai']);
    expect([openai.code, openai.stderr]).toEqual([2, expect.stringContaining('--brain openai needs OPENAI_MODEL')]);
    expect((await evalCli(['demo', '--threshold', '2'])).stderr).toContain('--threshold must be a number from 0 to 1');
  });
});

/**
 * The second lender's conversations (evals/datasets/aldermoor.json) on a deployment whose demo skills
 * serve that lender's world: nothing the Planner understands may depend on the demo's people,
 * products, ids or dates. The same dataset on the demo's deployment is refused, naming the setting.
 */
describe('dcf eval on the second lender', { timeout: 300_000 }, () => {
  let cli: ChatCli;
  beforeAll(async () => {
    cli = await chatCli({ world: 'second-lender', clock: '2025-04-07T09:00:00Z' });
  }, 240_000);
  afterAll(async () => {
    await cli?.close();
  });

  it('runs the aldermoor dataset through the real Planner on its own CRM and reaches the threshold', async () => {
    const r = await runDcf(['eval', 'aldermoor', '--json', '--threshold', '1', '--brain', 'deterministic'], undefined, cli.env);
    const j = r.json as EvalJson;
    const missed = j.cases.filter((c) => c.passed !== c.total).map((c) => `${c.case_id}: ${JSON.stringify(c.failed)}`);
    expect(r.code, missed.join('\n')).toBe(0);
    expect(j.run).toMatchObject({ dataset: 'aldermoor', world: 'second-lender', status: 'finished' });
  });

  it('is refused on a deployment that serves the demo world', async () => {
    const r = await runDcf(['eval', 'aldermoor'], undefined, { ...cli.env, DCF_DEMO_WORLD: 'demo' });
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('DCF_DEMO_WORLD=second-lender')]);
  });
});
