import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../contracts/agent-platform.ts';
import { compareCases } from './compare.ts';
import { parseDataset, worldMismatch } from './dataset.ts';
import { observe } from './drive.ts';
import { scoreCase } from './runner.ts';
import { caseScore, scoreTurn, type TurnObservation } from './score.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const parse = (v: unknown) => parseDataset(Buffer.from(JSON.stringify(v)), 'x.json');
const base = { name: 'x', description: 'd', clock: '2024-07-08T09:00:00Z' };
const turn = (o: Partial<TurnObservation>): TurnObservation => ({ user: 'u', reply: '', calls: [], runs: [], error: null, ...o });

describe('evaluation datasets', () => {
  it('every dataset in evals/datasets parses, with world "demo" by default and unique case ids', () => {
    const dir = path.join(ROOT, 'evals', 'datasets');
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      const r = parseDataset(readFileSync(path.join(dir, f)), f);
      expect(r.ok ? null : r.error, f).toBeNull();
      if (r.ok) expect(`${r.value.dataset.name}.json`).toBe(f);
    }
    const demo = parseDataset(readFileSync(path.join(dir, 'demo.json')), 'demo.json');
    expect(demo.ok && demo.value.dataset.world).toBe('demo');
    expect(demo.ok && demo.value.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a bad file with the JSON path of each problem', () => {
    expect(parseDataset(Buffer.from('{'), 'bad.json')).toEqual({ ok: false, error: expect.stringMatching(/^bad\.json is not JSON/) });
    const twice = { id: 'a', title: 't', turns: [{ user: 'hi', expect: { no_run: true } }] };
    const r = parse({ ...base, cases: [twice, twice, { id: 'B', title: 't', turns: [{ user: 'hi', expect: {} }] }] });
    expect(r.ok).toBe(false);
    const error = r.ok ? '' : r.error;
    expect(error).toContain('cases.1.id: case id "a" is used twice');
    expect(error).toContain('cases.2.id: a case id');
    expect(error).toContain('cases.2.turns.0.expect: give at least one expectation');
    const long = parse({ ...base, cases: [{ ...twice, turns: [{ user: 'x'.repeat(2001), expect: { no_run: true } }] }] });
    expect(long.ok ? '' : long.error).toContain('cases.0.turns.0.user');
    expect(parse({ ...base, cases: [{ ...twice, turns: [{ user: 'hi' }] }] }).ok).toBe(false);
  });
});

describe('scoring a turn', () => {
  it('facts match case, spacing, markdown emphasis and curly quotes aside; any_of takes one alternative', () => {
    const o = turn({ reply: 'To confirm: for **Priya Shah’s** calls   last week?' });
    const r = scoreTurn(1, { facts: ["to confirm: for priya shah's calls last week", { any_of: ['nothing', 'LAST WEEK'] }, 'June'] }, o);
    expect(r.map((x) => x.pass)).toEqual([true, true, false]);
  });

  it('a run matches by saved name or id and the input fields given; no_run fails on any start', () => {
    const run = {
      workflow_id: 'w1',
      workflow_name: 'Standard Advice Call Analysis',
      input: { advisor_name: 'Alex Wong', start_date: '2024-07-01' },
    };
    const o = turn({ runs: [run], calls: [{ name: 'start_workflow_run', args: {}, ok: true }] });
    const r = scoreTurn(
      2,
      {
        runs: [
          { workflow: 'standard advice call analysis', input: { advisor_name: 'Alex Wong' } },
          { workflow: 'w1', input: {} },
          { input: { advisor_name: 'Tom Ellis' } },
        ],
        no_run: true,
        tools_called: ['start_workflow_run', 'get_qa_result'],
        tools_not_called: ['save_workflow'],
      },
      o,
    );
    expect(r.map((x) => [x.kind, x.pass])).toEqual([
      ['run', true],
      ['run', true],
      ['run', false],
      ['no_run', false],
      ['tool_called', true],
      ['tool_called', false],
      ['tool_not_called', true],
    ]);
    expect(r.every((x) => x.turn === 2)).toBe(true);
  });

  it('no_run also fails on a delegation (the Conductor starts work with delegate_task or broadcast_task), and names what was called', () => {
    const delegated = turn({
      calls: [
        { name: 'list_advisors', args: {}, ok: true },
        { name: 'delegate_task', args: {}, ok: true },
      ],
    });
    expect(scoreTurn(1, { no_run: true }, delegated)[0]).toMatchObject({ pass: false, seen: '1 call(s): delegate_task' });
    expect(scoreTurn(1, { no_run: true }, turn({ calls: [{ name: 'list_advisors', args: {}, ok: true }] }))[0]!.pass).toBe(true);
  });

  it('a turn whose platform call failed was not observed: none of its expectations holds, "no run" included', () => {
    const c = { id: 'c', title: 't', role: 'planner' as const, turns: [{ user: 'a', expect: { no_run: true as const, facts: ['x'] } }] };
    const r = scoreCase(c, [{ ...turn({ error: 'Letta answered 503' }), unobserved: true }], 'turn 1: the agent platform failed');
    expect(r.map((x) => [x.kind, x.pass, x.seen])).toEqual([
      ['no_run', false, 'not observed: Letta answered 503'],
      ['fact', false, 'not observed: Letta answered 503'],
    ]);
  });

  it('a question must be asked (a question mark) and contain the text', () => {
    expect(scoreTurn(1, { question: 'Did you mean Alex Wong' }, turn({ reply: 'Did you mean Alex Wong?' }))[0]!.pass).toBe(true);
    expect(scoreTurn(1, { question: 'Did you mean Alex Wong' }, turn({ reply: 'Did you mean Alex Wong.' }))[0]!.pass).toBe(false);
  });

  it('the expectations of turns never reached fail, "no run" included; the case score is passed over total', () => {
    const turns = [
      { user: 'a', expect: { no_run: true as const } },
      { user: 'b', expect: { no_run: true as const, facts: ['x'] } },
    ];
    const c = { id: 'c', title: 't', role: 'planner' as const, turns };
    const r = scoreCase(c, [turn({})], 'turn 2: the agent platform failed');
    expect(r.map((x) => x.pass)).toEqual([true, false, false]);
    expect(r[1]!.seen).toContain('not reached: turn 2');
    expect(caseScore(r)).toEqual({ passed: 1, total: 3, score: 1 / 3 });
    expect(caseScore([])).toEqual({ passed: 0, total: 0, score: 0 });
  });
});

describe('observing a turn', () => {
  it('pairs calls with their returns; a started run counts only when the tool returned ok', async () => {
    const call = (id: string, name: string, args: unknown): AgentEvent => ({
      message_type: 'tool_call_message',
      id,
      tool_call: { tool_call_id: id, name, arguments: JSON.stringify(args) },
    });
    const ret = (id: string, name: string, body: unknown): AgentEvent => ({
      message_type: 'tool_return_message',
      id: `r${id}`,
      tool_call_id: id,
      name,
      status: 'success',
      tool_return: JSON.stringify(body),
    });
    const events: AgentEvent[] = [
      call('1', 'start_workflow_run', { workflow_id: 'w1', input: { advisor_name: 'A' } }),
      ret('1', 'start_workflow_run', { status: 'ok', run_id: 'r' }),
      call('2', 'start_workflow_run', { workflow_id: 'w2', input: {} }),
      ret('2', 'start_workflow_run', { status: 'error', error: 'no' }),
      { message_type: 'assistant_message', id: 'm1', content: 'first' },
      { message_type: 'assistant_message', id: 'm2', content: 'last' },
      { message_type: 'stop_reason', stop_reason: 'max_steps' },
    ];
    const o = await observe('hi', events, async (id) => (id === 'w1' ? 'Named' : null));
    expect(o.calls.map((c) => [c.name, c.ok])).toEqual([
      ['start_workflow_run', true],
      ['start_workflow_run', false],
    ]);
    expect(o.runs).toEqual([{ workflow_id: 'w1', workflow_name: 'Named', input: { advisor_name: 'A' } }]);
    expect(o.reply).toBe('last');
    expect(o.error).toBe('the turn ended with max_steps');
  });
});

describe('comparing runs', () => {
  it('says per case whether the other run did better, worse or the same, and which cases only one run has', () => {
    const s = (case_id: string, score: number) => ({ case_id, title: case_id.toUpperCase(), score });
    const d = compareCases([s('x', 0.5), s('y', 1), s('z', 1), s('gone', 1)], [s('y', 0.5), s('x', 1), s('z', 1), s('new', 0)]);
    expect(d.cases.map((c) => [c.case_id, c.verdict])).toEqual([
      ['x', 'better'],
      ['y', 'worse'],
      ['z', 'same'],
      ['gone', 'only_in_base'],
      ['new', 'only_in_other'],
    ]);
    expect([d.better, d.worse, d.same]).toEqual([1, 1, 1]);
  });
});

describe('a dataset runs only on the world it is written for', () => {
  const skills = (over: Partial<Parameters<typeof worldMismatch>[1]> = {}) => ({
    mcpBaseUrl: undefined,
    endpoints: [],
    demoWorld: undefined,
    ...over,
  });
  it('refuses the second lender on the demo skills, naming the setting', () => {
    expect(worldMismatch({ name: 'aldermoor', world: 'second-lender' }, skills())).toMatch(/serve "demo".*DCF_DEMO_WORLD=second-lender/);
    expect(worldMismatch({ name: 'demo', world: 'demo' }, skills({ demoWorld: 'second-lender' }))).toMatch(/serve "second-lender"/);
  });
  it('runs on the matching world, or on external skill servers (the operator vouches for them)', () => {
    expect(worldMismatch({ name: 'demo', world: 'demo' }, skills())).toBeNull();
    expect(worldMismatch({ name: 'a', world: 'second-lender' }, skills({ demoWorld: 'second-lender' }))).toBeNull();
    expect(worldMismatch({ name: 'a', world: 'second-lender' }, skills({ mcpBaseUrl: 'http://crm:9001' }))).toBeNull();
    expect(worldMismatch({ name: 'a', world: 'second-lender' }, skills({ endpoints: [{ key: 'crm', url: 'http://a' }] }))).toBeNull();
  });
});
