/**
 * What the soak test proves, read from the database of record after the load: each figure with
 * the rows it counted, and a verdict. A failed check names what it found (run ids, tick ids), so a
 * red soak says where to look. Run ids, comments and conversations come from the load's record
 * (load.ts); everything else is what the consoles and workers stored.
 */
import pg from 'pg';
import { MODEL_RECORD } from '../../server/contracts/planning/intent-fit.ts';
import { isToolLayerTool } from '../../server/agents/local/runtime-plan.ts';
import type { LoadRecord } from './load.ts';

export interface Check {
  name: string;
  ok: boolean;
  /** The figures, as one line a reader takes in. */
  figures: string;
  problems: string[];
}

type Row = Record<string, unknown>;

async function rows(db: pg.Pool, sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await db.query(sql, params)).rows as Row[];
}

/** Every run the load started (or may have started) ended exactly once, and stored each of its calls' QA rows once. */
export async function checkRuns(db: pg.Pool, r: LoadRecord): Promise<Check[]> {
  const ids = [...r.runs.acknowledged, ...r.runs.unacknowledged];
  const ended = await rows(
    db,
    `select run_id, status, (select s->>'error' from jsonb_array_elements(episode->'states') s where s->>'error' is not null limit 1) as error
       from graph_executions where run_id = any($1)`,
    [ids],
  );
  const errorOf = new Map(ended.map((e) => [String(e.run_id), e.error ? `: ${String(e.error).slice(0, 300)}` : '']));
  const endedBy = new Map(ended.map((e) => [String(e.run_id), String(e.status)]));
  const problems: string[] = [];
  for (const id of r.runs.acknowledged) if (!endedBy.has(id)) problems.push(`run ${id} was started and never ended`);
  const statuses = new Map<string, number>();
  for (const s of endedBy.values()) statuses.set(s, (statuses.get(s) ?? 0) + 1);
  const runs: Check = {
    name: 'runs ended exactly once',
    ok: problems.length === 0 && !statuses.has('FAILED') && !statuses.has('TIMED_OUT'),
    figures:
      `${r.runs.acknowledged.length} started and acknowledged, ${r.runs.unacknowledged.length} unacknowledged; ` +
      `${ended.length} ended (${[...statuses].map(([s, n]) => `${n} ${s}`).join(', ') || 'none'}); one end per run (graph_executions key)`,
    problems: [
      ...problems,
      ...[...endedBy].filter(([, s]) => s !== 'SUCCEEDED').map(([id, s]) => `run ${id} ended ${s}${errorOf.get(id)}`),
    ],
  };
  const qa = await rows(
    db,
    'select run_id, count(*)::int as n, count(distinct call_id)::int as calls from qa_results where run_id = any($1) group by run_id',
    [[...endedBy.keys()]],
  );
  const qaBy = new Map(qa.map((q) => [String(q.run_id), { n: Number(q.n), calls: Number(q.calls) }]));
  const qaProblems: string[] = [];
  let expectedTotal = 0;
  for (const [id, status] of endedBy) {
    if (status !== 'SUCCEEDED') continue;
    const want = r.runs.calls.get(id);
    const got = qaBy.get(id) ?? { n: 0, calls: 0 };
    if (want === undefined) continue;
    expectedTotal += want;
    if (got.n !== got.calls) qaProblems.push(`run ${id}: ${got.n} QA rows for ${got.calls} calls (duplicated)`);
    if (got.calls !== want) qaProblems.push(`run ${id}: QA rows for ${got.calls} calls, the CRM has ${want}`);
  }
  const stored = [...qaBy.values()].reduce((s, q) => s + q.n, 0);
  return [
    runs,
    {
      name: 'QA rows: none lost, none duplicated',
      ok: qaProblems.length === 0,
      figures: `${stored} QA rows stored for ${expectedTotal} calls the CRM lists in the succeeded runs' periods`,
      problems: qaProblems,
    },
  ];
}

/**
 * Each acknowledged comment stored once; an unacknowledged one at most once. A later analysis of
 * the same call carries the comment over (server/qa/carry.ts: a copy naming its origin in
 * carried_from), so only the originals are counted, and a copy may appear at most once per analysis.
 */
export async function checkComments(db: pg.Pool, r: LoadRecord): Promise<Check> {
  const all = [...r.comments.acknowledged, ...r.comments.unacknowledged];
  const found = await rows(
    db,
    `select comment, count(*) filter (where carried_from is null)::int as n, count(*)::int - count(distinct qa_result_id)::int as twice
       from qa_review_actions where comment = any($1) group by comment`,
    [all],
  );
  const n = new Map(found.map((f) => [String(f.comment), Number(f.n)]));
  const problems = [
    ...r.comments.acknowledged.filter((c) => n.get(c) !== 1).map((c) => `acknowledged comment "${c}" stored ${n.get(c) ?? 0} times`),
    ...r.comments.unacknowledged.filter((c) => (n.get(c) ?? 0) > 1).map((c) => `comment "${c}" stored ${n.get(c)} times`),
    ...found.filter((f) => Number(f.twice) > 0).map((f) => `comment "${String(f.comment)}" twice on one analysis`),
  ];
  const landed = r.comments.unacknowledged.filter((c) => n.get(c) === 1).length;
  return {
    name: 'review comments stored once',
    ok: problems.length === 0,
    figures:
      `${r.comments.acknowledged.length} acknowledged, each stored once; ${r.comments.unacknowledged.length} unacknowledged ` +
      `(${landed} of them landed, once)`,
    problems,
  };
}

/**
 * Every chat message answered once. The store keeps a turn's messages, not its end, so: in each
 * conversation the user messages stored (not those other agents sent) are the ones the load sent,
 * each once, and each is followed by the agent's answer (an assistant or error message) before the
 * next. A message whose console died mid-turn (the load saw its stream break off: cut) may be
 * stored once or not at all, and without an answer: the one loss a client sees, and it sees it.
 */
export async function checkChat(db: pg.Pool, r: LoadRecord): Promise<Check> {
  const byConversation = new Map<string, LoadRecord['chat']>();
  for (const t of r.chat) byConversation.set(t.conversationId, [...(byConversation.get(t.conversationId) ?? []), t]);
  const convs = await rows(db, 'select id, agent_id from conversations where id = any($1)', [[...byConversation.keys()]]);
  const problems: string[] = [];
  let stored = 0;
  let unanswered = 0;
  for (const c of convs) {
    const sent = byConversation.get(String(c.id))!;
    const events = await rows(
      db,
      `select message_type from agent_messages
        where agent_id = $1 and not (message_type = 'user_message' and event ? 'sender_agent_id') order by seq`,
      [c.agent_id],
    );
    let users = 0;
    let waiting = false;
    for (const e of events) {
      if (e.message_type === 'user_message') {
        if (waiting) unanswered++;
        waiting = true;
        users++;
      } else if (e.message_type === 'assistant_message' || e.message_type === 'error_message') waiting = false;
    }
    if (waiting) unanswered++;
    stored += users;
    const cut = sent.filter((t) => t.outcome === 'cut').length;
    if (users > sent.length || users < sent.length - cut)
      problems.push(`conversation ${String(c.id)}: ${sent.length} messages sent (${cut} cut), ${users} stored`);
  }
  const count = (o: string) => r.chat.filter((t) => t.outcome === o).length;
  if (unanswered > count('cut'))
    problems.push(`${unanswered} messages without an answer, but only ${count('cut')} turns were cut by the kill`);
  const errors = r.chat.filter((t) => t.outcome === 'error').map((t) => `${t.conversationId}: ${t.detail}`);
  return {
    name: 'chat messages answered once',
    ok: problems.length === 0 && errors.length === 0,
    figures:
      `${r.chat.length} messages sent in ${byConversation.size} conversations, ${stored} stored; ${count('answered')} answered, ` +
      `${count('error')} turn errors, ${count('cut')} cut by the kill (${unanswered} stored without an answer)`,
    problems: [...problems, ...errors],
  };
}

/** Each schedule tick fired once and dispatched one task; no tick missed between the first and the last. */
export async function checkSchedules(db: pg.Pool, jobs: { id: string; intervalS: number }[]): Promise<Check> {
  const problems: string[] = [];
  let fired = 0;
  let dispatched = 0;
  for (const job of jobs) {
    const ticks = await rows(db, 'select tick, outcome from background_job_runs where job_id = $1 order by tick', [job.id]);
    const tasks = await rows(db, 'select count(*)::int as n from dispatched_tasks where background_job_id = $1', [job.id]);
    fired += ticks.length;
    dispatched += Number(tasks[0]!.n);
    if (Number(tasks[0]!.n) !== ticks.length)
      problems.push(`job ${job.id}: ${ticks.length} ticks, ${String(tasks[0]!.n)} dispatched tasks`);
    const times = ticks.map((t) => Date.parse(String(t.tick))).filter((t) => Number.isFinite(t));
    for (let i = 1; i < times.length; i++) {
      const gap = Math.round((times[i]! - times[i - 1]!) / 1000);
      if (gap !== job.intervalS) problems.push(`job ${job.id}: ticks ${ticks[i - 1]!.tick} and ${ticks[i]!.tick} are ${gap} s apart`);
    }
    for (const t of ticks) if (t.outcome !== 'DISPATCHED') problems.push(`job ${job.id}: tick ${String(t.tick)} ${String(t.outcome)}`);
  }
  return {
    name: 'schedule ticks fired once',
    ok: problems.length === 0 && fired > 0,
    figures: `${jobs.length} schedules: ${fired} ticks fired, ${dispatched} tasks dispatched, one per tick, no tick missed`,
    problems,
  };
}

/** The plan a planning tool's successful return leaves active (null: none), from the tool's answer. */
function activeAfter(toolReturn: string): string | null {
  try {
    const plan = (JSON.parse(toolReturn) as { plan?: { planId?: string; executionState?: string } }).plan;
    return plan?.executionState === 'Planned' || plan?.executionState === 'InProgress' ? (plan.planId ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * Every plan's calls attributed. Each soak conversation's agent history is the witness: walking it
 * in order, a successful declare_tool_call_plan or update_tool_call_plan return says which plan is
 * active from then on (none once it ends), and every tool-layer call made while a plan is active
 * must be one record of that plan — no more, no fewer. Calls made with no active plan (a brain's
 * look-ups before it plans: Brain.plan 'later') are counted apart. Each plan's records are
 * numbered without gap or repeat.
 */
export async function checkPlans(db: pg.Pool, r: LoadRecord): Promise<Check> {
  const conversations = [...new Set(r.chat.map((t) => t.conversationId))];
  const agents = (await rows(db, 'select distinct agent_id from conversations where id = any($1)', [conversations])).map((a) =>
    String(a.agent_id),
  );
  const history = await rows(
    db,
    `select agent_id, message_type, event->'tool_call'->>'name' as call, event->>'name' as returned, event->>'status' as status,
            event->>'tool_return' as tool_return
       from agent_messages where agent_id = any($1) and message_type in ('tool_call_message', 'tool_return_message') order by agent_id, seq`,
    [agents],
  );
  const expected = new Map<string, number>();
  let outside = 0;
  let active: string | null = null;
  let agent = '';
  for (const h of history) {
    if (h.agent_id !== agent) [agent, active] = [String(h.agent_id), null];
    if (h.message_type === 'tool_return_message' && h.status === 'success' && /^(declare|update)_tool_call_plan$/.test(String(h.returned)))
      active = activeAfter(String(h.tool_return));
    if (h.message_type !== 'tool_call_message' || !isToolLayerTool(String(h.call))) continue;
    if (active) expected.set(active, (expected.get(active) ?? 0) + 1);
    else outside++;
  }
  const plans = await rows(db, 'select id from tool_call_plans where agent_id = any($1)', [agents]);
  const problems: string[] = [];
  let recorded = 0;
  for (const p of plans) {
    const recs = await rows(db, `select seq, tool_name from tool_call_records where plan_id = $1 order by seq`, [p.id]);
    const seqs = recs.map((x) => Number(x.seq));
    if (seqs.some((x, i) => x !== seqs[0]! + i))
      problems.push(`plan ${String(p.id)}: record numbers ${seqs.join(',')} have a gap or a repeat`);
    const n = recs.filter((x) => x.tool_name !== MODEL_RECORD).length;
    recorded += n;
    const want = expected.get(String(p.id)) ?? 0;
    if (n !== want) problems.push(`plan ${String(p.id)}: ${want} calls made while it was active, ${n} attributed`);
  }
  const made = [...expected.values()].reduce((x, y) => x + y, 0);
  return {
    name: "plans' calls attributed",
    ok: problems.length === 0 && plans.length > 0,
    figures:
      `${agents.length} agents, ${plans.length} plans; ${made} tool-layer calls made while a plan was active, ${recorded} attributed ` +
      `(${outside} made with no plan active); records numbered without gap or repeat`,
    problems,
  };
}
