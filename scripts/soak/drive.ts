/**
 * The soak test's driver (scripts/soak/soak.sh starts the topology and runs it): signs in as the
 * demo users through the proxy, creates two schedules, runs the scripted load (load.ts) for
 * SOAK_SECONDS, SIGKILLs the first console half-way, waits until every run it started has ended,
 * then reads the database of record (checks.ts) and prints each figure. Exit 0 only when every
 * check holds.
 *
 * Environment: SOAK_URL (the proxy), SOAK_KILL_PID (the console to kill; none: no kill),
 * SOAK_SECONDS (default 180), DATABASE_URL, SOAK_TICK_S (the schedules' interval, default 10).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { ConsoleClient } from './client.ts';
import { checkChat, checkComments, checkPlans, checkRuns, checkSchedules, type Check } from './checks.ts';
import { chatLoop, emptyRecord, pagesLoop, reviewLoop, runsLoop, type LoadContext } from './load.ts';

const env = (name: string, fallback?: string) => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`${name} is not set`);
  return v;
};
const base = env('SOAK_URL');
const seconds = Number(env('SOAK_SECONDS', '180'));
const tickS = Number(env('SOAK_TICK_S', '10'));
const killPid = Number(process.env.SOAK_KILL_PID ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);
type Envelope = { status: 'ok' | 'error'; error_code?: string; error?: string } & Record<string, unknown>;

async function signedIn(email: string, password: string): Promise<ConsoleClient> {
  const c = new ConsoleClient(base);
  await c.signIn(email, password);
  return c;
}

/** The chat script: the user turns of the demo evaluation dataset, each case a conversation. */
function chatScript(): LoadContext['conversations'] {
  const d = JSON.parse(readFileSync(new URL('../../evals/datasets/demo.json', import.meta.url), 'utf8')) as {
    cases: { role?: string; turns: { user: string }[] }[];
  };
  return d.cases.map((c) => ({ mode: c.role === 'conductor' ? 'conductor' : 'planner', turns: c.turns.map((t) => t.user) }));
}

/**
 * The advisor-weeks with recorded calls, with their count (the CRM's count_calls, as the Planner
 * reads it): what a reviewer would run, and how many QA rows each run must store.
 */
async function advisorWeeks(c: ConsoleClient, weeks: string[]): Promise<LoadContext['periods']> {
  const { advisors } = await c.query<Envelope & { advisors: { name: string }[] }>('crm.advisors', {});
  const periods: LoadContext['periods'] = [];
  for (const week of weeks) {
    for (const a of advisors) {
      const end = new Date(Date.parse(`${week}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
      const r = await c.query<Envelope & { calls?: number }>('crm.countCalls', {
        advisor_names: [a.name],
        start_date: week,
        end_date: end,
      });
      if (r.status !== 'ok') throw new Error(`crm.countCalls: ${r.error}`);
      if ((r.calls ?? 0) > 0) periods.push({ advisor_name: a.name, start_date: week, end_date: end, calls: r.calls! });
    }
  }
  if (periods.length === 0) throw new Error(`no advisor has recorded calls in the weeks of ${weeks.join(', ')}`);
  return periods;
}

/** Mondays of the four weeks before the console's today (DCF_CLOCK when pinned). */
function weeksBefore(today: string): string[] {
  const t = Date.parse(`${today.slice(0, 10)}T00:00:00Z`);
  const monday = t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000;
  return [1, 2, 3, 4].map((k) => new Date(monday - k * 7 * 86_400_000).toISOString().slice(0, 10));
}

async function schedules(admin: ConsoleClient): Promise<{ id: string; intervalS: number }[]> {
  const agent = await admin.mutate<Envelope>('schedules.createAgentInstance', {
    agent_type_template: 'worker',
    agent_name_label: 'soak target',
    initial_config_json: '{}',
  });
  if (agent.status !== 'ok') throw new Error(`createAgentInstance: ${agent.error}`);
  const jobs: { id: string; intervalS: number }[] = [];
  for (const k of [1, 2]) {
    const r = await admin.mutate<Envelope>('schedules.schedule', {
      job_name: `soak-${Date.now()}-${k}`,
      job_type_identifier: 'PERIODIC_AGENT_TRIGGER',
      interval_seconds: tickS,
      target_agent_id_on_trigger: agent.agent_id,
      task_type_on_trigger: 'SOAK_TICK',
      task_payload_on_trigger_json: JSON.stringify({ k }),
    });
    if (r.status !== 'ok') throw new Error(`schedules.schedule: ${r.error}`);
    jobs.push({ id: String(r.internal_job_id), intervalS: tickS });
  }
  return jobs;
}

/** Waits until each acknowledged run has ended as the store of record says (its execution row), at most `limitMs`. */
async function waitForRuns(db: pg.Pool, ids: string[], limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  let ended = 0;
  while (Date.now() < until) {
    ended = Number((await db.query('select count(*)::int as n from graph_executions where run_id = any($1)', [ids])).rows[0].n);
    if (ended >= ids.length) break;
    await sleep(2_000);
  }
  log(ended >= ids.length ? 'every run has ended' : `${ids.length - ended} runs still open after ${limitMs / 1000} s`);
}

const admin = await signedIn('admin@demo.dcf', 'demo-admin');
const reviewer = await signedIn('compliance@demo.dcf', 'demo-compliance');
const designer = await signedIn('designer@demo.dcf', 'demo-designer');
const stakeholder = await signedIn('stakeholder@demo.dcf', 'demo-stakeholder');
const clock = await reviewer.query<{ pinnedToday: string | null }>('qa.clock');
const jobs = await schedules(admin);
const x: LoadContext = {
  until: Date.now() + seconds * 1000,
  record: emptyRecord(),
  periods: await advisorWeeks(reviewer, weeksBefore(clock.pinnedToday ?? new Date().toISOString())),
  conversations: chatScript(),
};
log(`load for ${seconds} s through ${base}: runs, chats, reviews, pages; ${jobs.length} schedules every ${tickS} s`);
const kill = (async () => {
  if (!killPid) return;
  await sleep((seconds * 1000) / 2);
  process.kill(killPid, 'SIGKILL');
  log(`SIGKILLed console pid ${killPid}`);
})();
await Promise.all([
  runsLoop(reviewer, x, 1_500),
  runsLoop(designer, x, 2_500),
  reviewLoop(reviewer, x, 2_000),
  chatLoop(reviewer, x, 0),
  chatLoop(designer, x, 7),
  pagesLoop(stakeholder, x, 1_000),
  kill,
]);
log('load over; waiting for the runs to end');
const db = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 2 });
await waitForRuns(db, x.record.runs.acknowledged, 600_000);
for (const j of jobs) await admin.mutate('schedules.pause', { internal_job_id: j.id });
await sleep(1_000);
const checks: Check[] = [
  ...(await checkRuns(db, x.record)),
  await checkComments(db, x.record),
  await checkChat(db, x.record),
  await checkSchedules(db, jobs),
  await checkPlans(db, x.record),
];
await db.end();
for (const j of jobs) await admin.mutate('schedules.delete', { internal_job_id: j.id }).catch(() => undefined);
console.log('');
for (const c of checks) {
  console.log(`${c.ok ? '✓' : '✘'} ${c.name}: ${c.figures}`);
  for (const p of c.problems.slice(0, 10)) console.log(`    ${p}`);
  if (c.problems.length > 10) console.log(`    … and ${c.problems.length - 10} more`);
}
console.log(
  `  pages: ${x.record.pages.ok} loaded, ${x.record.pages.failed.length} failed; ${x.record.networkErrors} requests reached no console`,
);
const failed = checks.filter((c) => !c.ok).length;
console.log(`${checks.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
