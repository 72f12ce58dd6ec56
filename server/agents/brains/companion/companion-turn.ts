import { randomUUID } from 'node:crypto';
import type { TaskDelegation, TaskProgress, TaskResult } from '../../../delegation/protocol.ts';
import { planOutput, walkPlan, type CallRecord, type PlanCall } from '../../../delegation/task-plan.ts';
import { parseObject, type BrainDecision, type BrainInput, type BrainToolCall, type turnToolResults } from '../brain.ts';

type Result = ReturnType<typeof turnToolResults>[number];
type Outcome =
  | { status: 'succeeded'; summary: string; data: Record<string, unknown> }
  | { status: 'failed'; summary: string; error: string; failedSkill: string | null; data: Record<string, unknown> };

/** A plan with at least this many steps is long: progress is reported after each step. */
const LONG_PLAN_STEPS = 3;

const isOk = (r: Result) => r.status === 'success' && r.result?.status === 'ok';
const errorOf = (r: Result) => String(r.result?.error ?? 'the tool failed');

/**
 * One Companion turn for one task_delegation: claim it when it was broadcast → note the task in
 * task_context and load the required skills → do the work (the plan's skill tool calls, those of
 * all items of a step together; progress reports for long plans) → unload the skills and set its
 * status (idle, or error on failure) → report the task_result → clear task_context. Every
 * decision is derived from the delegation and this turn's tool returns, so the turn can be
 * replayed; nothing is guessed: a task without a plan (or a named tool) fails with the reason.
 */
export class CompanionTurn {
  private readonly self: string;

  constructor(
    private readonly input: BrainInput,
    private readonly d: TaskDelegation,
    private readonly results: Result[],
  ) {
    this.self = input.agent.id;
  }

  next(): BrainDecision {
    const d = this.d;
    if (d.broadcast) {
      const claim = this.results.find(
        (r) => r.name === 'update_companion_status' && r.args.current_task_id === d.task_id && r.args.status === 'busy',
      );
      if (!claim)
        return this.call(
          [['update_companion_status', { companion_id: this.self, status: 'busy', current_task_id: d.task_id }]],
          `Task ${d.task_id} was offered to several Companions: claim it first.`,
        );
      if (!isOk(claim)) return this.say(`Task ${d.task_id} is not mine: ${errorOf(claim)}. Nothing to do.`);
    }
    const started = this.results.find((r) => r.name === 'core_memory_replace' || r.name === 'core_memory_append');
    if (!started) return this.start();
    const outcome = this.outcome();
    if ('calls' in outcome) return outcome.calls;
    return this.finish(outcome);
  }

  /** task_context gets the task; every required skill is loaded (one step). */
  private start(): BrainDecision {
    const d = this.d;
    const note = [
      `Task ${d.task_id}: ${d.description}`,
      `Skills: ${d.skills_required.join(', ') || 'none'}`,
      `Started: ${new Date().toISOString()}`,
    ].join('\n');
    const current = this.input.blocks.find((b) => b.label === 'task_context')?.value ?? '';
    const write: [string, Record<string, unknown>] = current
      ? ['core_memory_replace', { label: 'task_context', old_content: current, new_content: note }]
      : ['core_memory_append', { label: 'task_context', content: note }];
    const loads = d.skills_required.map((skill): [string, Record<string, unknown>] => ['load_skill', { agent_id: this.self, skill }]);
    return this.call(
      [write, ...loads],
      `Task ${d.task_id} from ${d.conductor_id}: note it in task_context and load the ${d.skills_required.length} skill(s) it requires.`,
    );
  }

  /** The work's state: the next calls, or how it ended. */
  private outcome(): Outcome | { calls: BrainDecision } {
    const d = this.d;
    const failedLoad = this.results.find((r) => r.name === 'load_skill' && !isOk(r));
    if (failedLoad)
      return this.failure(`could not load ${String(failedLoad.args.skill)}: ${errorOf(failedLoad)}`, String(failedLoad.args.skill), {});
    const plan = d.context?.plan;
    if (plan?.length) return this.planOutcome();
    const named = typeof d.context?.tool === 'string' ? d.context.tool : null;
    if (named) return this.toolOutcome(named);
    return this.failure(
      'this Companion runs without a language model: it performs tasks that carry a plan of skill tool calls (context.plan) ' +
        'or name one of its tools (context.tool); this task has neither',
      null,
      {},
    );
  }

  private planOutcome(): Outcome | { calls: BrainDecision } {
    const d = this.d;
    const plan = d.context!.plan!;
    const records: CallRecord[] = this.results
      .filter((r) => r.name === 'invoke_skill_tool')
      .map((r) => {
        const e = r.result?.skill_error as { error?: string; cause?: string } | null | undefined;
        const ok = isOk(r) && r.result?.ok === true;
        return {
          skill: String(r.args.skill),
          tool: String(r.args.tool),
          args: r.args.args,
          ok,
          result: r.result?.result ?? null,
          error: ok ? null : e ? `${e.error}: ${e.cause}` : errorOf(r),
        };
      });
    const s = walkPlan(plan, d.context?.inputs ?? {}, records, d.task_id);
    if (s.kind === 'failed') return this.failure(s.error, s.skill, { failed_step: s.step, steps_done: s.stepsDone });
    if (s.kind === 'done') {
      try {
        return {
          status: 'succeeded',
          summary: s.summaries.join(' '),
          data: planOutput(d.context?.output as Record<string, unknown> | undefined, s.data, d.task_id),
        };
      } catch (err) {
        return this.failure(`the task's output could not be built: ${err instanceof Error ? err.message : String(err)}`, null, {});
      }
    }
    const calls: Array<[string, Record<string, unknown>]> = s.calls.map((c: PlanCall) => [
      'invoke_skill_tool',
      { agent_id: this.self, skill: c.skill, tool: c.tool, args: c.args, attempt: 1 },
    ]);
    const pct = Math.round((100 * s.stepsDone) / s.stepsTotal);
    const reported = Math.max(0, ...this.progressSent());
    const progress: Array<[string, Record<string, unknown>]> =
      plan.length >= LONG_PLAN_STEPS && s.stepsDone > 0 && pct > reported
        ? [
            this.progress(
              pct,
              `${s.stepsDone} of ${s.stepsTotal} steps done; now ${s.step} (${s.calls.length} call${s.calls.length === 1 ? '' : 's'})`,
            ),
          ]
        : [];
    return { calls: this.call([...progress, ...calls], `Task ${d.task_id}: step ${s.step} — ${s.calls.length} skill call(s) due now.`) };
  }

  /** A task naming one of its tools (`context.tool`, `context.args`): that one call is the work. */
  private toolOutcome(tool: string): Outcome | { calls: BrainDecision } {
    if (!this.input.tools.some((t) => t.name === tool)) return this.failure(`the tool ${tool} is not attached to this Companion`, null, {});
    const done = this.results.find((r) => r.name === tool);
    const args =
      typeof this.d.context?.args === 'object' && this.d.context.args !== null ? (this.d.context.args as Record<string, unknown>) : {};
    if (!done) return { calls: this.call([[tool, args]], `Task ${this.d.task_id}: call ${tool} as delegated.`) };
    if (!isOk(done)) return this.failure(`${tool} failed: ${errorOf(done)}`, null, {});
    return { status: 'succeeded', summary: `${tool} done.`, data: { tool, result: done.result } };
  }

  private failure(error: string, failedSkill: string | null, data: Record<string, unknown>): Outcome {
    return { status: 'failed', summary: `Task ${this.d.task_id} failed: ${error}`, error, failedSkill, data };
  }

  /** Unload and set the status (one step), report and clear task_context (one step), then say so. */
  private finish(o: Outcome): BrainDecision {
    const d = this.d;
    const loaded = this.results.filter((r) => r.name === 'load_skill' && isOk(r)).map((r) => String(r.args.skill));
    const status = o.status === 'succeeded' ? 'idle' : 'error';
    if (!this.results.some((r) => r.name === 'update_companion_status' && r.args.status === status)) {
      const unloads = loaded.map((skill): [string, Record<string, unknown>] => ['unload_skill', { agent_id: this.self, skill }]);
      return this.call(
        [...unloads, ['update_companion_status', { companion_id: this.self, status }]],
        `Task ${d.task_id} ${o.status}: unload its skills and set my status to ${status}.`,
      );
    }
    const report = this.results.find((r) => r.name === 'send_message_to_agent_async' && this.typeOf(r) === 'task_result');
    if (!report) {
      const reset = this.input.blocks.find((b) => b.label === 'task_context')?.value;
      const calls: Array<[string, Record<string, unknown>]> = [
        ['send_message_to_agent_async', { message: JSON.stringify(this.result(o)), other_agent_id: d.conductor_id }],
      ];
      if (reset && reset !== 'No task.')
        calls.push(['core_memory_replace', { label: 'task_context', old_content: reset, new_content: 'No task.' }]);
      return this.call(calls, `Report task ${d.task_id} (${o.status}) to the Conductor ${d.conductor_id}.`);
    }
    if (!isOk(report)) return this.say(`I could not report task ${d.task_id} to ${d.conductor_id}: ${errorOf(report)}`);
    return this.say(`Task ${d.task_id} ${o.status}; the result went to ${d.conductor_id}.`);
  }

  private result(o: Outcome): TaskResult {
    const skillsUsed = [...new Set(this.results.filter((r) => r.name === 'invoke_skill_tool').map((r) => String(r.args.skill)))];
    const output: TaskResult['output'] =
      o.status === 'succeeded'
        ? { summary: o.summary, data: o.data }
        : { summary: o.summary, error: o.error, data: o.data, ...(o.failedSkill ? { failed_skill: o.failedSkill } : {}) };
    return {
      type: 'task_result',
      task_id: this.d.task_id,
      status: o.status,
      output,
      metrics: { duration_s: this.durationS(), tool_calls: this.results.length, skills_used: skillsUsed },
      companion_id: this.self,
      completed_at: new Date().toISOString(),
    };
  }

  /** From the start noted in task_context (this turn's first write) to now. */
  private durationS(): number {
    const write = this.results.find((r) => r.name === 'core_memory_replace' || r.name === 'core_memory_append');
    const note = String(write?.args.new_content ?? write?.args.content ?? '');
    const started = Date.parse(note.match(/Started: (\S+)/)?.[1] ?? '');
    return Number.isNaN(started) ? 0 : Math.max(0, Math.round((Date.now() - started) / 100) / 10);
  }

  private progress(pct: number, message: string): [string, Record<string, unknown>] {
    const p: TaskProgress = {
      type: 'task_progress',
      task_id: this.d.task_id,
      progress_pct: pct,
      status_message: message,
      companion_id: this.self,
      updated_at: new Date().toISOString(),
    };
    return ['send_message_to_agent_async', { message: JSON.stringify(p), other_agent_id: this.d.conductor_id }];
  }

  private progressSent(): number[] {
    return this.results
      .filter((r) => r.name === 'send_message_to_agent_async' && this.typeOf(r) === 'task_progress')
      .map((r) => Number(parseObject(String(r.args.message))?.progress_pct ?? 0));
  }

  private typeOf(r: Result): unknown {
    return parseObject(String(r.args.message ?? ''))?.type;
  }

  private call(calls: Array<[string, Record<string, unknown>]>, reasoning: string): BrainDecision {
    const missing = calls.map(([n]) => n).filter((n) => !this.input.tools.some((t) => t.name === n));
    if (missing.length)
      return this.say(
        `I cannot do task ${this.d.task_id}: the tool${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ` +
          `${missing.length > 1 ? 'are' : 'is'} not attached to me.`,
      );
    const toolCalls: BrainToolCall[] = calls.map(([name, args]) => ({ id: `call_${randomUUID()}`, name, arguments: JSON.stringify(args) }));
    return { kind: 'tool_calls', reasoning, tool_calls: toolCalls };
  }

  private say(content: string): BrainDecision {
    return { kind: 'message', content };
  }
}
