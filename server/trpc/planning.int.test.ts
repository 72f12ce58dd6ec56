import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../auth/users.ts';
import { agents } from '../db/schema/agents.ts';
import { conversations } from '../db/schema/chat.ts';
import { rowsOf } from '../db/rows.ts';
import type { SentinelFinding, ToolCallPlan, ToolCallRecord } from '../../lib/planning/schemas.ts';
import { plan as planOf, record as recordOf } from '../planning/sentinel/testing/fixtures.ts';
import { insertFindings, insertPlan, insertRecords } from '../planning/store/plan-store.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

/**
 * The planning router (issue 17) on stored plans: who may read what, the filters, the findings'
 * pages, and the cost report against a direct sum over the rows. Plans are written with the
 * store (the tracker's own tests cover how they get there), at fixed times either side of
 * London's midnight in summer time, so the days the console shows are London's.
 */
type Caller = ReturnType<typeof callerFor>['caller'];

describe(`planning procedures (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: PublicUser;
  let stakeholder: PublicUser;
  let other: PublicUser;
  const as = (u: PublicUser): Caller => callerFor(h.db, u).caller;
  const chatOfStakeholder = randomUUID();
  const chatOfOther = randomUUID();
  const ids = { mine: randomUUID(), others: randomUUID(), run: randomUUID(), older: randomUUID() };
  const RUN = randomUUID();

  const seedPlan = async (p: Partial<ToolCallPlan>, records: ToolCallRecord[], findings: SentinelFinding[] = []) => {
    const plan = planOf(p);
    await insertPlan(h.db, plan);
    await insertRecords(
      h.db,
      records.map((r) => ({
        record: { ...r, plan_id: plan.planId, id: `${plan.planId}#${r.seq}` },
        choices: [],
      })),
    );
    await insertFindings(
      h.db,
      findings.map((f, i) => ({ finding: { ...f, plan_id: plan.planId }, key: `k${i}` })),
    );
  };
  const finding = (id: string, agent_id: string, type: SentinelFinding['type'], at: string): SentinelFinding => ({
    id,
    plan_id: ids.mine,
    agent_id,
    type,
    when: 'live',
    message: `${type} ${id}`,
    evidence: [],
    at,
    detail:
      type === 'BLPViolation'
        ? { type, trick: 'named a skill', generalAlternative: 'get_skillset' }
        : { type: 'BudgetExceeded', enforced: false, exceeded: { dimension: 'maxToolCalls', limit: 1, actual: 2, over: 1 } },
  });

  beforeAll(async () => {
    h = await createTestDatabase();
    const mk = async (email: string, role: PublicUser['role']) => {
      const r = await createUser(h.db, { email, displayName: email.split('@')[0]!, role, password: 'a good password 1' });
      if (!r.ok) throw new Error(r.reason);
      return r.user;
    };
    admin = await mk('admin@plans.test', 'admin');
    stakeholder = await mk('stake@plans.test', 'stakeholder');
    other = await mk('other@plans.test', 'compliance_manager');
    await h.db.insert(conversations).values([
      {
        id: chatOfStakeholder,
        userId: stakeholder.id,
        mode: 'planner',
        agentId: 'agent-planner',
        platform: 'local',
        title: 'Lowest scorer',
      },
      { id: chatOfOther, userId: other.id, mode: 'planner', agentId: 'agent-other', platform: 'local', title: 'Other' },
    ]);
    await h.db
      .insert(agents)
      .values({ id: 'agent-planner', name: 'Planner of stake', role: 'planner', agentType: 'memgpt_v2_agent', system: 'plan' });
    // 1 July 2026 is summer time: 23:30 UTC is 00:30 on 2 July in London.
    await seedPlan(
      {
        planId: ids.mine,
        agent_id: 'agent-planner',
        user_id: stakeholder.id,
        unit: { kind: 'chat_turn', id: 'msg-1', session_id: chatOfStakeholder },
        created_at: '2026-07-01T22:00:00.000Z',
      },
      [
        recordOf(0, 'lookup', { started_at: '2026-07-01T22:10:00.000Z', cost_units: 2 }),
        recordOf(1, 'model', { started_at: '2026-07-01T23:30:00.000Z', cost_units: 150, cost_source: 'model_tokens' }),
        recordOf(2, 'lookup', { started_at: '2026-07-01T23:40:00.000Z', cost_units: 2, status: 'refused' }),
      ],
      [
        finding('f1', 'agent-planner', 'BudgetExceeded', '2026-07-01T22:20:00.000Z'),
        finding('f2', 'agent-planner', 'BLPViolation', '2026-07-01T23:30:00.000Z'),
        finding('f3', 'agent-planner', 'BudgetExceeded', '2026-07-03T09:00:00.000Z'),
      ],
    );
    await seedPlan(
      {
        planId: ids.others,
        agent_id: 'agent-other',
        user_id: other.id,
        unit: { kind: 'chat_turn', id: 'msg-2', session_id: chatOfOther },
        created_at: '2026-07-02T09:00:00.000Z',
      },
      [recordOf(0, 'lookup', { started_at: '2026-07-02T09:01:00.000Z', cost_units: 4.5 })],
      [finding('f4', 'agent-other', 'BudgetExceeded', '2026-07-02T09:02:00.000Z')],
    );
    await seedPlan(
      {
        planId: ids.run,
        agent_id: 'agent-worker',
        user_id: other.id,
        workflow_id: 'wf-1',
        unit: { kind: 'workflow_run', id: RUN, session_id: RUN, state: 'Transcribe' },
        created_at: '2026-07-02T10:00:00.000Z',
      },
      [
        recordOf(0, 'invoke_skill_tool', { started_at: '2026-07-02T10:00:01.000Z', cost_units: 10, cost_source: 'skill' }),
        recordOf(1, 'invoke_skill_tool', { started_at: '2026-07-02T10:00:02.000Z', cost_units: 10, cost_source: 'skill' }),
      ],
    );
    await seedPlan(
      {
        planId: ids.older,
        agent_id: 'agent-planner',
        user_id: stakeholder.id,
        executionState: 'Replaced',
        unit: { kind: 'chat_turn', id: 'msg-0', session_id: chatOfStakeholder },
        created_at: '2026-06-30T08:00:00.000Z',
      },
      [recordOf(0, 'lookup', { started_at: '2026-06-30T08:00:01.000Z', cost_units: 1 })],
    );
    // Agents removed since (a deleted conversation's Planner, a Companion let go): named from their first plan, never by id.
    await seedPlan(
      {
        planId: randomUUID(),
        agent_id: 'agent-0f0e7d2a-3b9c-4e1f-8a6d-2c4b9e7f1a30',
        planningContext: {
          goal: 'Check the quality of Sam Lee’s calls in the last fortnight of June, please',
          constraints: {},
          policy: { strategy: 'Greedy', preferGeneralMethods: true },
        },
        unit: { kind: 'chat_turn', id: 'msg-9', session_id: randomUUID() },
        created_at: '2026-07-02T12:00:00.000Z',
      },
      [],
    );
    await seedPlan(
      {
        planId: randomUUID(),
        agent_id: 'agent-companion-gone',
        planningContext: { goal: 'Review Sam Lee’s calls', constraints: {}, policy: { strategy: 'Greedy', preferGeneralMethods: true } },
        unit: { kind: 'companion_task', id: 'task-1', session_id: 'session-1' },
        created_at: '2026-07-02T12:30:00.000Z',
      },
      [],
    );
  });
  afterAll(() => h.dispose());

  it('plan: a view for whoever may see it, null otherwise', async () => {
    const mine = await as(stakeholder).planning.plan({ plan_id: ids.mine });
    expect(mine).toMatchObject({ plan: { planId: ids.mine }, usage: { tool_calls: 1, cost_units: 152, model_tokens: 150 } });
    expect(mine && 'calls' in mine ? mine.calls.map((c) => c.status) : null).toEqual(['ok', 'ok', 'refused']);
    expect(await as(stakeholder).planning.plan({ plan_id: ids.others })).toBeNull();
    expect(await as(stakeholder).planning.plan({ plan_id: ids.run })).toMatchObject({ plan: { planId: ids.run } });
    expect(await as(other).planning.plan({ plan_id: ids.mine })).toMatchObject({ plan: { planId: ids.mine } });
    expect(await as(admin).planning.plan({ plan_id: randomUUID() })).toBeNull();
  });

  it('plans: by conversation, by run, by agent, newest first, within the limit', async () => {
    const bySession = await as(stakeholder).planning.plans({ session_id: chatOfStakeholder });
    expect(bySession.status === 'ok' && bySession.plans.map((v) => v.plan.planId)).toEqual([ids.mine, ids.older]);
    const byRun = await as(stakeholder).planning.plans({ unit_kind: 'workflow_run', unit_id: RUN });
    expect(byRun.status === 'ok' && byRun.plans.map((v) => v.plan.unit.state)).toEqual(['Transcribe']);
    const byAgent = await as(admin).planning.plans({ agent_id: 'agent-planner', limit: 1 });
    expect(byAgent.status === 'ok' && byAgent.plans.map((v) => v.plan.planId)).toEqual([ids.mine]);
    const othersChat = await as(stakeholder).planning.plans({ session_id: chatOfOther });
    expect(othersChat.status === 'ok' && othersChat.plans).toEqual([]);
    await expect(as(admin).planning.plans({ limit: 201 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('findings: admins only, filtered by agent, type and London days, paged by cursor', async () => {
    await expect(as(stakeholder).planning.findings({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as(other).planning.agents()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const all = await as(admin).planning.findings({ limit: 50 });
    expect(all.status === 'ok' && all.findings.map((f) => f.id)).toEqual(['f3', 'f4', 'f2', 'f1']);
    const budget = await as(admin).planning.findings({ agent_id: 'agent-planner', type: 'BudgetExceeded' });
    expect(budget.status === 'ok' && budget.findings.map((f) => f.id)).toEqual(['f3', 'f1']);
    // 2 July in London runs from 23:00 UTC on 1 July: f2 (23:30 UTC) is in it, f1 (22:20 UTC) is not.
    const day = await as(admin).planning.findings({ since: '2026-07-02', until: '2026-07-02' });
    expect(day.status === 'ok' && day.findings.map((f) => f.id)).toEqual(['f4', 'f2']);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const r = await as(admin).planning.findings({ limit: 3, ...(cursor ? { cursor } : {}) });
      if (r.status !== 'ok') throw new Error(r.error);
      seen.push(...r.findings.map((f) => f.id));
      if (!r.next_cursor) break;
      cursor = r.next_cursor;
    }
    expect(seen).toEqual(['f3', 'f4', 'f2', 'f1']);
    expect(await as(admin).planning.findings({ cursor: 'not-a-cursor' })).toMatchObject({ error_code: 'invalid_input' });
    expect(await as(admin).planning.findings({ since: '2026-07-03', until: '2026-07-01' })).toMatchObject({ error_code: 'invalid_input' });
    const listed = await as(admin).planning.agents();
    // By role: the Planner by its name; agents the table does not hold by their chat, or their first plan (a run's worker by its state and run).
    expect(listed.status === 'ok' && listed.agents).toEqual([
      { id: 'agent-planner', name: 'Planner of stake', role: 'planner' },
      { id: 'agent-other', name: 'Planner of the chat “Other”', role: 'planner' },
      { id: 'agent-companion-gone', name: 'Companion (removed): “Review Sam Lee’s calls” (2 Jul 2026, 13:30)', role: 'companion' },
      { id: 'agent-worker', name: `worker of Transcribe, run ${RUN.slice(0, 8)} (2 Jul 2026, 11:00)`, role: 'worker' },
      {
        id: 'agent-0f0e7d2a-3b9c-4e1f-8a6d-2c4b9e7f1a30',
        name: 'Chat agent (removed): “Check the quality of Sam Lee’s calls in the last fortnight…” (2 Jul 2026, 13:00)',
        role: null,
      },
    ]);
  });

  it('costs: every role, per London day, equal to a direct sum over the rows', async () => {
    const period = { since: '2026-06-30', until: '2026-07-03' };
    for (const dimension of ['agent', 'session', 'workflow', 'user'] as const) {
      const r = await as(stakeholder).planning.costs({ dimension, ...period });
      if (r.status !== 'ok') throw new Error(r.error);
      expect(r.days).toEqual(['2026-06-30', '2026-07-01', '2026-07-02', '2026-07-03']);
      const key = { agent: 'p.agent_id', session: 'p.unit_session_id', workflow: 'p.workflow_id', user: 'p.user_id' }[dimension];
      const direct = rowsOf<{ key: string; units: number; calls: number }>(
        await h.db.execute(
          sql.raw(`
        select ${key} as key, sum(r.cost_units)::float8 as units,
          (count(*) filter (where r.tool_name <> 'model'))::int as calls
        from tool_call_records r join tool_call_plans p on p.id = r.plan_id
        where r.status <> 'refused' and ${key} is not null group by 1`),
        ),
      );
      const expected = Object.fromEntries(direct.map((d) => [d.key, [Number(d.units), Number(d.calls)]]));
      const got = Object.fromEntries(r.series.map((s) => [s.key, [s.total_units, s.tool_calls]]));
      expect(got, dimension).toEqual(expected);
      for (const s of r.series) expect(s.per_day.reduce((a, b) => a + b, 0)).toBeCloseTo(s.total_units, 9);
    }
    const byAgent = await as(stakeholder).planning.costs({ dimension: 'agent', ...period });
    if (byAgent.status !== 'ok') throw new Error(byAgent.error);
    // The Planner: 1 on 30 June, 2 on 1 July, and the model's 150 tokens at 00:30 on 2 July (London); refusal left out.
    expect(byAgent.series.find((s) => s.key === 'agent-planner')).toMatchObject({
      label: 'Planner of stake',
      total_units: 153,
      tool_calls: 2,
      plans: 2,
      per_day: [1, 2, 150, 0],
    });
    const bySession = await as(stakeholder).planning.costs({ dimension: 'session', ...period });
    expect(bySession.status === 'ok' && bySession.series.find((s) => s.key === chatOfStakeholder)?.label).toBe('Lowest scorer');
    expect(await as(stakeholder).planning.costs({ dimension: 'user', since: '2025-01-01', until: '2026-07-03' })).toMatchObject({
      error_code: 'invalid_input',
    });
  });
});
