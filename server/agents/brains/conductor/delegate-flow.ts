import type { BrainDecision } from '../brain.ts';
import { choiceNotes, discoverSkills, type Step } from '../planner/build-flow.ts';
import type { Preference, SkillSummary } from '../planner/skills.ts';
import { callReviewTask, REVIEW_ROLES, type ReviewRole, type ReviewTask } from './call-review-plan.ts';
import { NO_SESSION, type ConductorContext } from './context.ts';
import { focusByTopic, verdictsFilter } from './focus.ts';
import { focusRules } from './focus-rules.ts';
import type { RequestRecord } from './ledger.ts';
import { period } from './merge.ts';
import { assign, poolOf, REVIEW_SPECIALIZATION, type PoolMember } from './staffing.ts';
import { companionTaskBudget } from './task-budget.ts';
import type { PlanStep } from '../../../delegation/protocol.ts';

/** One task to hand out: a subject's review, its attempt, and skills not to use again. */
export interface TaskItem {
  subject: string;
  attempt: number;
  avoid: string[];
}

export interface Handed {
  item: TaskItem;
  taskId: string;
  companion: { id: string; name: string; created: boolean };
}

export interface Delegation {
  handed: Handed[];
  /** Items no Companion could take now (the pool is full and busy). */
  queued: TaskItem[];
  /** Retries with no other skill to use (the catalog has no alternative to the one that failed). */
  unretriable: TaskItem[];
  /** Why each contested skill was chosen, for the user. */
  notes: string[];
  skills: string[];
  guidelinesRevision: number;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'task';
export const taskIdOf = (request: RequestRecord, item: TaskItem) =>
  `${request.id}-${slug(item.subject)}${item.attempt > 1 ? `-r${item.attempt - 1}` : ''}`;

/** The Strategist's skill preferences, plus skills the items must not use again (a failed attempt's). */
function preferencesFor(ctx: ConductorContext, items: TaskItem[], catalog: SkillSummary[]): Record<string, Preference> {
  const g = ctx.guidelines();
  const source = `the Strategist's guidelines (revision ${g.revision})`;
  const out: Record<string, Preference> = Object.fromEntries(
    Object.entries(g.skill_preferences).map(([cap, p]) => [cap, { prefer: p.prefer, avoid: p.avoid, source }]),
  );
  for (const uri of items.flatMap((i) => i.avoid)) {
    const cap = catalog.find((s) => s.uri === uri)?.tags[0];
    if (!cap) continue;
    const p = out[cap] ?? { prefer: '', avoid: [], source: 'the failed attempt' };
    out[cap] = { ...p, prefer: p.prefer === uri ? '' : p.prefer, avoid: [...new Set([...p.avoid, uri])] };
  }
  return out;
}

const next = <T>(decision: BrainDecision): Step<T> => ({ done: false, decision });

/**
 * Hands review tasks to Companions, as the skill authority: discover the skills (the Strategist's
 * preferences first, then reliability — the Planner's choice path) → a plan per subject →
 * list the pool → create Companions where none is free and the pool has room → delegate_task
 * for every task at once. Each step runs once per turn (a replay over this turn's returns).
 */
export function delegateItems(ctx: ConductorContext, request: RequestRecord, items: TaskItem[], why: string): Step<Delegation> {
  ctx.delegation = { requestId: request.id, subjects: items.map((i) => i.subject), why };
  const session = ctx.session();
  if (!session) return next(ctx.say(NO_SESSION));
  const probe = ctx.find('get_skillset');
  const catalog = probe?.ok && Array.isArray(probe.result?.skills) ? (probe.result.skills as SkillSummary[]) : [];
  const found = discoverSkills(ctx, REVIEW_ROLES, why, preferencesFor(ctx, items, catalog));
  if (!found.done) return found;
  // The lender's rule set is the CRM's (list_products → rule_set_id), and the focus's rules are found in its own data
  // (describe_rule_set), read once per turn like its advisors.
  const rules = focusRules(ctx, focusByTopic(request.focus));
  if (!rules.done) return rules;
  const ruleSet = rules.value.ruleSetId;
  const verdicts = verdictsFilter(rules.value.ruleIds);
  const chosen = Object.fromEntries(REVIEW_ROLES.map((r) => [r, found.value.choices[r]!.chosen])) as Record<ReviewRole, SkillSummary>;
  const uses = new Set(Object.values(chosen).map((s) => s.uri));
  const unretriable = items.filter((i) => i.avoid.some((u) => uses.has(u)));
  const tasks: Array<{ item: TaskItem; task: ReviewTask }> = [];
  for (const item of items.filter((i) => !unretriable.includes(i))) {
    const made = callReviewTask(
      chosen,
      { advisor_name: item.subject, start_date: request.start_date, end_date: request.end_date, rule_set_id: ruleSet },
      verdicts,
    );
    if (!made.ok) return next(ctx.say(`I could not plan the review of ${item.subject}: ${made.error}.`, `Planning failed: ${made.error}.`));
    tasks.push({ item, task: made.task });
  }

  if (!tasks.length)
    return {
      done: true,
      value: {
        handed: [],
        queued: [],
        unretriable,
        notes: choiceNotes(found.value),
        skills: [...uses],
        guidelinesRevision: ctx.guidelines().revision,
      },
    };
  const list = ctx.find('list_session_companions');
  if (!list)
    return next(
      ctx.call(
        [['list_session_companions', { session_id: session.session_id }]],
        `${tasks.length} task(s) to staff: look for idle Companions to reuse before creating any.`,
      ),
    );
  if (!list.ok) return next(ctx.failed(list, 'list the Companions of this session'));
  const pool: PoolMember[] = poolOf(list);
  const plan = assign(tasks.length, pool, ctx.poolMax());
  const creates = ctx.all('create_companion');
  const wanted = plan.filter((a) => a.kind === 'new').length;
  const sessionBlock = ctx.blockId('session_context');
  if (creates.length < wanted) {
    const calls = Array.from({ length: wanted - creates.length }, (): [string, Record<string, unknown>] => [
      'create_companion',
      {
        session_id: session.session_id,
        conductor_id: ctx.self,
        specialization: REVIEW_SPECIALIZATION,
        shared_block_ids_json: JSON.stringify(sessionBlock ? [sessionBlock] : []),
      },
    ]);
    return next(
      ctx.call(
        calls,
        `${pool.filter((c) => c.status === 'idle').length} idle Companion(s) for ${tasks.length} task(s): ` +
          `create ${calls.length} more (pool ${pool.length} of ${ctx.poolMax()}).`,
      ),
    );
  }

  const handed: Handed[] = [];
  const queued: TaskItem[] = [];
  tasks.forEach(({ item }, i) => {
    const a = plan[i]!;
    const created = a.kind === 'new' ? creates[a.slot] : undefined;
    if (a.kind === 'queued' || (created && !created.ok)) return void queued.push(item);
    const companion =
      a.kind === 'existing'
        ? { id: a.companion.companion_id, name: a.companion.companion_name, created: false }
        : { id: String(created!.result?.companion_id), name: String(created!.result?.companion_name), created: true };
    handed.push({ item, taskId: taskIdOf(request, item), companion });
  });

  const revision = ctx.guidelines().revision;
  const due = handed.filter((h) => !ctx.find('delegate_task', (a) => a.task_id === h.taskId));
  if (due.length) {
    const calls = due.map((h): [string, Record<string, unknown>] => {
      const t = tasks.find((x) => x.item === h.item)!.task;
      const { budget, source } = companionTaskBudget(ctx.guidelines(), { skills: t.skills_required.length, planSteps: leafSteps(t.plan) });
      const context = {
        user_query: request.query,
        inputs: t.inputs,
        plan: t.plan,
        output: t.output,
        request_id: request.id,
        request,
        subject: h.item.subject,
        attempt: h.item.attempt,
        guidelines_revision: revision,
        budget,
        budget_source: source,
      };
      const description =
        `Review ${h.item.subject}'s calls of ${period(request)} ` +
        `for ${request.focus_label}${h.item.attempt > 1 ? ` (attempt ${h.item.attempt})` : ''}.`;
      return [
        'delegate_task',
        {
          companion_id: h.companion.id,
          task_id: h.taskId,
          description,
          skills_required_json: JSON.stringify(t.skills_required),
          context_json: JSON.stringify(context),
          priority: 'normal',
        },
      ];
    });
    return next(
      ctx.call(
        calls,
        `Delegate ${calls.length} task(s) in parallel (guidelines revision ${revision}): ` +
          `${due.map((h) => `${h.item.subject} → ${h.companion.name}`).join(', ')}.`,
      ),
    );
  }
  const refused = handed.map((h) => ctx.find('delegate_task', (a) => a.task_id === h.taskId)!).find((o) => !o.ok);
  if (refused) return next(ctx.failed(refused, `delegate the review task ${String(refused.args.task_id)}`));
  return {
    done: true,
    value: {
      handed,
      queued,
      unretriable,
      notes: choiceNotes(found.value),
      skills: [...new Set(Object.values(chosen).map((s) => s.uri))],
      guidelinesRevision: revision,
    },
  };
}

/** The tool steps of a task plan (a map step's own steps counted, not the map). */
function leafSteps(plan: PlanStep[]): number {
  return plan.reduce((n, s) => n + (s.steps?.length ? leafSteps(s.steps) : 1), 0);
}
