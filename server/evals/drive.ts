import type { AgentEvent, AgentPlatform } from '../contracts/agent-platform.ts';
import { clockBlockValue } from '../chat/conversations.ts';
import type { EvalCase } from './dataset-schema.ts';
import type { TurnObservation } from './score.ts';

/** The saved name of a workflow version (null when it is not in the catalog). */
export type WorkflowNamer = (workflowId: string, version: string | undefined) => Promise<string | null>;

/** A case's conversation as driven: its turns, why it stopped early (or null), the model the platform says its agent ran on. */
export interface DrivenCase {
  turns: TurnObservation[];
  error: string | null;
  model?: string | null;
}

/** The host-kept blocks of an evaluated agent: the dataset's clock, and the evaluation runner as the user. */
export const evalBlocks = (clock: string) => [
  { label: 'clock', value: clockBlockValue(clock), description: 'Today for this conversation, kept by the evaluation runner.' },
  {
    label: 'console_user',
    value: 'Evaluation runner <eval@dcf>, console role workflow_designer.',
    description: 'Who is talking: the evaluation runner.',
  },
];

/**
 * One Planner case's conversation on the agent platform, as the chat has it: a fresh agent from
 * the template with the dataset's clock and an evaluation user in its blocks, the user's
 * messages sent one by one, each turn observed from its events (tool calls paired with their
 * returns). The agent is deleted afterwards. Conductor cases: drive-conductor.ts.
 */
export async function driveCase(
  platform: AgentPlatform,
  c: EvalCase,
  opts: { clock: string; runTag: string; workflowName: WorkflowNamer },
): Promise<DrivenCase> {
  const agent = await platform.createAgent({
    template: c.role,
    name: `eval-${c.id}`.slice(0, 60),
    tags: ['dcf-eval', `eval-run:${opts.runTag}`, `eval-case:${c.id}`],
    blocks: evalBlocks(opts.clock),
  });
  const turns: TurnObservation[] = [];
  try {
    for (const t of c.turns) {
      let events: AgentEvent[];
      try {
        events = await platform.sendMessage(agent.id, { role: 'user', content: t.user });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        turns.push({ user: t.user, reply: '', calls: [], runs: [], error, unobserved: true });
        return { turns, error: `turn ${turns.length}: the agent platform failed`, model: agent.model ?? null };
      }
      turns.push(await observe(t.user, events, opts.workflowName));
    }
    return { turns, error: null, model: agent.model ?? null };
  } finally {
    await platform.deleteAgent(agent.id).catch(() => false);
  }
}

/** What a turn did, read from its events. */
export async function observe(user: string, events: AgentEvent[], workflowName: WorkflowNamer): Promise<TurnObservation> {
  const returns = new Map<string, { ok: boolean; body: Record<string, unknown> | null }>();
  for (const e of events) {
    if (e.message_type !== 'tool_return_message') continue;
    const body = parseObject(e.tool_return);
    returns.set(e.tool_call_id, { ok: e.status === 'success' && body?.status !== 'error', body });
  }
  const calls: TurnObservation['calls'] = [];
  const runs: TurnObservation['runs'] = [];
  for (const e of events) {
    if (e.message_type !== 'tool_call_message') continue;
    const args = parseObject(e.tool_call.arguments) ?? {};
    const ret = returns.get(e.tool_call.tool_call_id);
    calls.push({ name: e.tool_call.name, args, ok: ret?.ok ?? false });
    if (e.tool_call.name === 'start_workflow_run' && ret?.ok) runs.push(await startedRun(args, workflowName));
  }
  const reply = events.flatMap((e) => (e.message_type === 'assistant_message' ? [e.content] : [])).at(-1) ?? '';
  const errors = events.flatMap((e) => (e.message_type === 'error_message' ? [e.message] : []));
  const stop = events.find((e) => e.message_type === 'stop_reason');
  const reason = stop?.message_type === 'stop_reason' ? stop.stop_reason : null;
  const error = errors[0] ?? (reason && reason !== 'end_turn' ? `the turn ended with ${reason}` : null);
  return { user, reply, calls, runs, error };
}

/** The run a successful start_workflow_run call started: by saved id, or an inline document (object or JSON text). */
async function startedRun(args: Record<string, unknown>, workflowName: WorkflowNamer): Promise<TurnObservation['runs'][number]> {
  const input = parseInput(args.input);
  if (typeof args.workflow_id === 'string') {
    const version = typeof args.version === 'string' ? args.version : undefined;
    return { workflow_id: args.workflow_id, workflow_name: await workflowName(args.workflow_id, version), input };
  }
  const doc = typeof args.workflow === 'string' ? parseObject(args.workflow) : (args.workflow as Record<string, unknown> | undefined);
  const id = typeof doc?.workflow_id === 'string' ? doc.workflow_id : typeof args.path === 'string' ? args.path : '(inline)';
  return { workflow_id: id, workflow_name: typeof doc?.workflow_name === 'string' ? doc.workflow_name : null, input };
}

function parseInput(v: unknown): Record<string, unknown> {
  if (typeof v === 'string') return parseObject(v) ?? {};
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
