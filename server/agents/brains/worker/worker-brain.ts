import { randomUUID } from 'node:crypto';
import { currentTurn, parseObject, turnToolResults, type Brain, type BrainDecision, type BrainInput, type BrainToolCall } from '../brain.ts';
import { chooseSkillTool, skillToolArguments, type LoadedSkillTool } from './skill-tool-choice.ts';

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

/**
 * The deterministic brain of the `worker` role: the worker protocol of spec §2.6 and §4 as a
 * sequence of tool calls, decided from the notification and the tool returns of this turn.
 *
 *   acquire_state_lease → load_skill → invoke_skill_tool
 *     ok     → update_workflow_control_plane(done, result) → notify_next_worker_agent per queued state
 *     failed → another bound skill not tried yet? update(running, last_error, attempts+1, skill)
 *              → unload_skill(failed) → load_skill(alternative) → invoke_skill_tool …
 *              none left → update_workflow_control_plane(failed, error): Retry/Catch decide
 *   → an assistant message summing up.
 *
 * A lease that is not granted or an update that is refused (stale lease) ends the turn: another
 * worker owns the state. It uses its own agent id for the lease and the skills.
 */
export const workerBrain: Brain = {
  name: 'deterministic:worker',
  async decide(input: BrainInput): Promise<BrainDecision> {
    const { inbound, steps } = currentTurn(input.history);
    const event = inbound ? workflowEventOf(inbound.content) : null;
    if (!event) {
      return { kind: 'message', content: 'I am a workflow worker agent: I act on workflow notifications ({"workflow_event": {"type": "notify_start", "run_id", "state", …}}).' };
    }
    return new WorkerTurn(input.agent.id, event, turnToolResults(steps)).next();
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
      return this.call('acquire_state_lease', { run_id, state, agent_id: this.self }, `Notified for ${state} (${this.event.reason ?? 'notify_start'}): take the state's lease before doing anything.`);
    }
    const lease = this.lease();
    if (!lease) return this.say(`The lease of ${state} was not granted (${errorOf(this.results[0]!)}); another worker owns it or it is finished. Nothing to do.`);
    switch (last.name) {
      case 'acquire_state_lease':
        if (!lease.current_skill) return this.fail({ error: 'States.TaskFailed', cause: `${state} binds no skill` });
        return this.call('load_skill', { agent_id: this.self, skill: lease.current_skill }, `Lease ${lease.lease_token} held (attempt ${lease.attempts}); load ${lease.current_skill}.`);
      case 'load_skill': {
        if (!isOk(last)) return this.recover({ error: 'States.TaskFailed', cause: `load_skill ${String(last.args.skill)} failed: ${errorOf(last)}` });
        const tools = (last.result?.tools ?? []) as LoadedSkillTool[];
        const tool = chooseSkillTool(tools, lease.effective_input);
        if (!tool) return this.recover({ error: 'States.TaskFailed', cause: `no tool of ${this.skill()} accepts the state's arguments` });
        return this.call(
          'invoke_skill_tool',
          { agent_id: this.self, skill: this.skill(), tool: tool.name, args: skillToolArguments(tool, lease.effective_input), attempt: this.attempts() },
          `Invoke ${tool.name} of ${this.skill()} with the state's effective input.`,
        );
      }
      case 'invoke_skill_tool': {
        if (!isOk(last)) return this.recover({ error: 'States.TaskFailed', cause: `invoke_skill_tool failed: ${errorOf(last)}` });
        const r = last.result!;
        if (r.ok === true) {
          return this.call(
            'update_workflow_control_plane',
            { run_id, state, lease_token: lease.lease_token, status: 'done', result: r.result ?? null, skill: this.skill(), latency_ms: Number(r.latency_ms ?? 0) },
            `${this.skill()} answered: write the result to the data plane and mark ${state} done.`,
          );
        }
        const e = (r.skill_error ?? { error: 'States.TaskFailed', cause: 'the skill failed' }) as { error: string; cause: string };
        return this.recover(e);
      }
      case 'update_workflow_control_plane': {
        if (!isOk(last)) return this.say(`The update of ${state} was refused (${errorOf(last)}): my lease is no longer live, so another worker takes over.`);
        if (last.args.status === 'running') {
          const failed = this.skill();
          return this.call('unload_skill', { agent_id: this.self, skill: failed }, `Swap skills: unload ${failed}, then load ${String(last.args.skill)}.`);
        }
        const queued = ((last.result?.queued ?? []) as Array<{ state: string }>).map((q) => q.state);
        const targets = [...new Set(queued)];
        if (!targets.length) return this.say(`${this.summary(last)} Notified: none.`);
        return {
          kind: 'tool_calls',
          reasoning: `Notify the next state${targets.length > 1 ? 's' : ''}: ${targets.join(', ')}.`,
          tool_calls: targets.map((t) => this.toolCall('notify_next_worker_agent', { run_id, state: t })),
        };
      }
      case 'unload_skill': {
        const swap = [...this.results].reverse().find((r) => r.name === 'update_workflow_control_plane' && r.args.status === 'running');
        return this.call('load_skill', { agent_id: this.self, skill: String(swap?.args.skill) }, `Load the alternative ${String(swap?.args.skill)} and retry within the lease.`);
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

  /** A skill failed: try another bound skill not tried in this turn, else report the failure. */
  private recover(e: { error: string; cause: string }): BrainDecision {
    const lease = this.lease()!;
    const tried = this.results.filter((r) => r.name === 'load_skill').map((r) => String(r.args.skill));
    const alternative = e.error === 'States.Timeout' ? undefined : lease.skills.find((s) => !tried.includes(s));
    if (!alternative) return this.fail(e);
    return this.call(
      'update_workflow_control_plane',
      { run_id: this.event.run_id, state: this.event.state, lease_token: lease.lease_token, status: 'running', last_error: `${e.error}: ${e.cause}`, attempts: this.attempts() + 1, skill: alternative },
      `${this.skill()} failed (${e.error}: ${e.cause}). Record the error and swap to ${alternative} (attempt ${this.attempts() + 1}).`,
    );
  }

  private fail(e: { error: string; cause: string }): BrainDecision {
    const lease = this.lease()!;
    return this.call(
      'update_workflow_control_plane',
      { run_id: this.event.run_id, state: this.event.state, lease_token: lease.lease_token, status: 'failed', error: e },
      `No skill left to try: report ${e.error} so the state's Retry/Catch decide what follows.`,
    );
  }

  private summary(update: Result): string {
    const attempts = this.attempts();
    if (update.args.status === 'done') return `${this.event.state} done with ${this.skill()} (attempt ${attempts}).`;
    const e = update.args.error as { error: string; cause?: string } | undefined;
    return `${this.event.state} failed after attempt ${attempts}: ${e?.error}${e?.cause ? `: ${e.cause}` : ''}.`;
  }

  private lease(): { lease_token: string; attempts: number; effective_input: unknown; skills: string[]; current_skill: string | null } | null {
    const first = this.results[0];
    if (!first || first.name !== 'acquire_state_lease' || !isOk(first)) return null;
    return first.result as never;
  }

  /** The skill loaded last. */
  private skill(): string {
    const load = [...this.results].reverse().find((r) => r.name === 'load_skill');
    return String(load?.args.skill ?? this.lease()?.current_skill);
  }

  /** The lease's attempt plus the swaps recorded since. */
  private attempts(): number {
    const swaps = this.results.filter((r) => r.name === 'update_workflow_control_plane' && r.args.status === 'running' && isOk(r)).length;
    return (this.lease()?.attempts ?? 1) + swaps;
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

const isOk = (r: Result) => r.status === 'success' && r.result?.status === 'ok';
const errorOf = (r: Result) => String(r.result?.error ?? 'tool error');
