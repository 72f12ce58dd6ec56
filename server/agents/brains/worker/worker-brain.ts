import { randomUUID } from 'node:crypto';
import {
  currentTurn,
  parseObject,
  turnToolResults,
  type Brain,
  type BrainDecision,
  type BrainInput,
  type BrainToolCall,
} from '../brain.ts';
import { isRecord } from '../../../../lib/is-record.ts';
import { failureCause } from '../../../../lib/failure-cause.ts';
import { workerPlan } from './worker-plan.ts';

/** The notification a worker is woken with (spec §5.5 with amendment A5). */
export interface WorkflowEvent {
  type: string;
  workflow_id?: string;
  run_id: string;
  state: string;
  reason?: string;
  nudge_id?: string;
}

type Result = ReturnType<typeof turnToolResults>[number];
type Failure = { error: string; cause: string };
type Lease = { lease_token: string; attempts: number; effective_input: unknown; skills: string[]; current_skill: string | null };

/**
 * The deterministic brain of the `worker` role: the worker protocol of spec §2.6 and §4 as a
 * sequence of tool calls, decided from the notification and the tool returns of this turn.
 *
 *   acquire_state_lease → load_skill(current_skill) → invoke_skill_tool(effective_input)
 *     ok     → update_workflow_control_plane(done, result) → notify_next_worker_agent per queued state
 *     failed → update_workflow_control_plane(running, last_error): the server chooses the
 *              alternative by the one skill policy every worker follows
 *              next_skill → unload_skill(failed) → load_skill(next_skill) → invoke_skill_tool …
 *              null       → update_workflow_control_plane(failed, error): Retry/Catch decide
 *     failed because of the caller's input (lib/failure-cause.ts: an unknown advisor, a reversed
 *     period) → update_workflow_control_plane(failed, error) at once: no swap, since every skill
 *     would get the same input; the state fails with the caller's error, reported as such
 *   → an assistant message summing up.
 *
 * It passes the state's effective input unchanged and lets invoke_skill_tool choose the tool and
 * fill the run's context arguments (webhook_url), as the in-process worker does. A lease that is
 * not granted or an update that is refused (stale lease) ends the turn: another worker owns the
 * state. It uses its own agent id for the lease and the skills.
 */
export const workerBrain: Brain = {
  name: 'deterministic:worker',
  async decide(input: BrainInput): Promise<BrainDecision> {
    const { inbound, steps } = currentTurn(input.history);
    const event = inbound ? workflowEventOf(inbound.content) : null;
    if (!event) {
      return {
        kind: 'message',
        content:
          'I am a workflow worker agent: I act on workflow notifications ({"workflow_event": {"type": "notify_start", "run_id", "state", …}}).',
      };
    }
    return new WorkerTurn(input.agent.id, event, turnToolResults(steps)).next();
  },
  plan(input) {
    const { inbound } = currentTurn(input.history);
    const event = inbound ? workflowEventOf(inbound.content) : null;
    return event ? workerPlan(input, event) : null;
  },
};

/** The workflow_event of a notification message (JSON, possibly inside other text). */
export function workflowEventOf(content: string): WorkflowEvent | null {
  const doc = parseObject(content) ?? parseObject(content.slice(content.indexOf('{'), content.lastIndexOf('}') + 1));
  const e = doc?.workflow_event as Record<string, unknown> | undefined;
  if (!e || typeof e.run_id !== 'string' || typeof e.state !== 'string') return null;
  return { ...e, type: String(e.type ?? 'notify_start'), run_id: e.run_id, state: e.state } as WorkflowEvent;
}

class WorkerTurn {
  constructor(
    private readonly self: string,
    private readonly event: WorkflowEvent,
    private readonly results: Result[],
  ) {}

  next(): BrainDecision {
    const { run_id, state } = this.event;
    const last = this.results.at(-1);
    if (!last) {
      return this.call(
        'acquire_state_lease',
        { run_id, state, agent_id: this.self },
        `Notified for ${state} (${this.event.reason ?? 'notify_start'}): take the state's lease before doing anything.`,
      );
    }
    const lease = this.lease();
    if (!lease)
      return this.say(
        `The lease of ${state} was not granted (${errorOf(this.results[0]!)}); another worker owns it or it is finished. Nothing to do.`,
      );
    switch (last.name) {
      case 'acquire_state_lease':
        if (!lease.current_skill) return this.fail({ error: 'States.TaskFailed', cause: `${state} binds no skill` });
        return this.call(
          'load_skill',
          { agent_id: this.self, skill: lease.current_skill },
          `Lease ${lease.lease_token} held (attempt ${lease.attempts}); load ${lease.current_skill}.`,
        );
      case 'load_skill':
        return isOk(last) ? this.invoke(lease) : this.recover(failureOf(last)!);
      case 'invoke_skill_tool': {
        const failure = failureOf(last);
        if (failure) return this.recover(failure);
        const done = {
          status: 'done',
          result: last.result!.result ?? null,
          skill: this.skill(),
          latency_ms: Number(last.result!.latency_ms ?? 0),
        };
        return this.call(
          'update_workflow_control_plane',
          { run_id, state, lease_token: lease.lease_token, ...done },
          `${this.skill()} answered: write the result to the data plane and mark ${state} done.`,
        );
      }
      case 'update_workflow_control_plane':
        return this.afterUpdate(last);
      case 'unload_skill': {
        const next = this.nextSkill()!;
        const why = `Load the alternative ${next} and retry within the lease (attempt ${this.attempts()}).`;
        return this.call('load_skill', { agent_id: this.self, skill: next }, why);
      }
      case 'notify_next_worker_agent': {
        const update = [...this.results].reverse().find((r) => r.name === 'update_workflow_control_plane')!;
        const notified = this.results.filter((r) => r.name === 'notify_next_worker_agent' && isOk(r)).map((r) => String(r.args.state));
        return this.say(`${this.summary(update)} Notified: ${notified.join(', ') || 'none'}.`);
      }
      default:
        return this.say(`Unexpected tool ${last.name} in the worker protocol; stopping.`);
    }
  }

  /** The loaded skill's tool with the state's effective input, unchanged (the server picks the tool and fills the run context). */
  private invoke(lease: Lease): BrainDecision {
    const input = lease.effective_input;
    if (!isRecord(input)) {
      const cause = `the effective input of ${this.event.state} is not a JSON object; skill tools take named arguments`;
      return this.fail({ error: 'States.TaskFailed', cause });
    }
    // With its lease, so the call carries the attempt's idempotency key and the lease is renewed while it runs.
    const { run_id, state } = this.event;
    return this.call(
      'invoke_skill_tool',
      {
        agent_id: this.self,
        skill: this.skill(),
        args: input,
        attempt: this.attempts(),
        run_id,
        state,
        lease_token: lease.lease_token,
      },
      `Invoke ${this.skill()} with the state's effective input.`,
    );
  }

  private afterUpdate(update: Result): BrainDecision {
    const { run_id, state } = this.event;
    if (!isOk(update))
      return this.say(`The update of ${state} was refused (${errorOf(update)}): my lease is no longer live, so another worker takes over.`);
    if (update.args.status === 'running') {
      const next = this.nextSkill();
      // The failure that made this update: the load or invoke just before it.
      const failure = failureOf(this.results.at(-2)!) ?? {
        error: 'States.TaskFailed',
        cause: String(update.args.last_error ?? 'the skill failed'),
      };
      if (!next) return this.fail(failure);
      const rationale = typeof update.result?.rationale === 'string' ? ` (${update.result.rationale})` : '';
      const why = `The skill policy chose ${next}${rationale}: unload ${this.skill()} first.`;
      return this.call('unload_skill', { agent_id: this.self, skill: this.skill() }, why);
    }
    const queued = ((update.result?.queued ?? []) as Array<{ state: string }>).map((q) => q.state);
    const targets = [...new Set(queued)];
    if (!targets.length) return this.say(`${this.summary(update)} Notified: none.`);
    return {
      kind: 'tool_calls',
      reasoning: `Notify the next state${targets.length > 1 ? 's' : ''}: ${targets.join(', ')}.`,
      tool_calls: targets.map((t) => this.toolCall('notify_next_worker_agent', { run_id, state: t })),
    };
  }

  /**
   * A skill failed: record it and ask the server for an alternative (same capability, the skill
   * policy) — unless the caller's input caused it, which no other skill can fix: then fail now.
   */
  private recover(e: Failure): BrainDecision {
    if (failureCause(e.error, e.cause) === 'caller') return this.fail(e);
    const lease = this.lease()!;
    return this.call(
      'update_workflow_control_plane',
      {
        run_id: this.event.run_id,
        state: this.event.state,
        lease_token: lease.lease_token,
        status: 'running',
        last_error: `${e.error}: ${e.cause}`,
      },
      `${this.skill()} failed (${e.error}: ${e.cause}). Record the error and ask for an alternative skill.`,
    );
  }

  private fail(e: Failure): BrainDecision {
    const lease = this.lease()!;
    const why =
      failureCause(e.error, e.cause) === 'caller'
        ? `The input was invalid (${e.error}: ${e.cause}); no other skill can fix that, so report ${e.error} as the caller's error.`
        : `No skill left to try: report ${e.error} so the state's Retry/Catch decide what follows.`;
    return this.call(
      'update_workflow_control_plane',
      { run_id: this.event.run_id, state: this.event.state, lease_token: lease.lease_token, status: 'failed', error: e },
      why,
    );
  }

  private summary(update: Result): string {
    const attempts = this.attempts();
    if (update.args.status === 'done') return `${this.event.state} done with ${this.skill()} (attempt ${attempts}).`;
    const e = update.args.error as { error: string; cause?: string } | undefined;
    return `${this.event.state} failed after attempt ${attempts}: ${e?.error}${e?.cause ? `: ${e.cause}` : ''}.`;
  }

  private lease(): Lease | null {
    const first = this.results[0];
    if (!first || first.name !== 'acquire_state_lease' || !isOk(first)) return null;
    return first.result as never;
  }

  /** The skill loaded last. */
  private skill(): string {
    const load = [...this.results].reverse().find((r) => r.name === 'load_skill');
    return String(load?.args.skill ?? this.lease()?.current_skill);
  }

  /** The last recorded swap, if any. */
  private swap(): Result | undefined {
    return [...this.results].reverse().find((r) => r.name === 'update_workflow_control_plane' && r.args.status === 'running' && isOk(r));
  }

  /** The alternative the last swap returned; null when none was left. */
  private nextSkill(): string | null {
    const next = this.swap()?.result?.next_skill;
    return typeof next === 'string' ? next : null;
  }

  /** The attempt the current skill call belongs to: as the last swap left it, else the lease's. */
  private attempts(): number {
    const swapped = Number(this.swap()?.result?.attempts);
    return Number.isInteger(swapped) ? swapped : (this.lease()?.attempts ?? 1);
  }

  private toolCall(name: string, args: Record<string, unknown>): BrainToolCall {
    return { id: `call_${randomUUID()}`, name, arguments: JSON.stringify(args) };
  }

  private call(name: string, args: Record<string, unknown>, reasoning: string): BrainDecision {
    return { kind: 'tool_calls', reasoning, tool_calls: [this.toolCall(name, args)] };
  }

  private say(content: string): BrainDecision {
    return { kind: 'message', content };
  }
}

/**
 * The failure a load_skill or invoke_skill_tool result reports: the tool refused (an error
 * result), or the skill answered ok: false. Null for a success.
 */
function failureOf(r: Result): Failure | null {
  if (!isOk(r)) return { error: 'States.TaskFailed', cause: `${r.name} ${String(r.args.skill ?? '')} failed: ${errorOf(r)}` };
  if (r.name !== 'invoke_skill_tool' || r.result?.ok === true) return null;
  const e = r.result?.skill_error as Partial<Failure> | null | undefined;
  return { error: String(e?.error ?? 'States.TaskFailed'), cause: String(e?.cause ?? 'the skill failed') };
}

const isOk = (r: Result) => r.status === 'success' && r.result?.status === 'ok';
const errorOf = (r: Result) => String(r.result?.error ?? 'tool error');
