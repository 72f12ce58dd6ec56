import { randomUUID } from 'node:crypto';
import type { AgentRow } from '../../db/schema/agents.ts';
import type { ToolContext } from '../../contracts/tool-services.ts';
import type { InvokeOptions } from '../../tools/invoke.ts';
import type { PlanTracker } from '../../contracts/planning/ports.ts';
import type { PlanUnit } from '../../../lib/planning/schemas.ts';
import { fail } from '../../tool-result.ts';
import { BrainError, type BrainDecision, type BrainInput, type BrainToolCall } from '../brains/brain.ts';
import type { BrainSelection } from '../brains/select.ts';
import type { AgentEvent, InboundMessage } from '../../contracts/agent-platform.ts';
import type { AgentStore } from './agent-store.ts';
import { resolveTool } from './agent-tools.ts';
import type { BlockStore } from './block-store.ts';
import type { BuiltinEnv, MultiAgentOps } from './builtin-tools/index.ts';
import { toBrainHistory } from './history.ts';
import { newMessageId, type MessageStore, type StoredEvent } from './message-store.ts';
import type { PassageStore } from './passage-store.ts';
import { turnUnit } from './runtime-plan.ts';
import { runToolCall, type ToolCallOutcome } from './tool-call.ts';
import { budgetStopReason, conclusion, refusalMessage } from './turn-conclusion.ts';
import { TurnPlan, type PlanningCall } from './turn-plan.ts';
import { malformedCallsAnswer } from './turn-summary.ts';

export { RETURN_CHAR_LIMIT } from './tool-call.ts';

/**
 * Steps in a row whose every tool call was malformed (arguments that are not JSON or break the
 * tool's parameters, a tool that is not attached) before the turn ends: each malformed call is
 * answered with its error so the brain can correct itself, but a brain that keeps failing would
 * otherwise spend the whole step budget on it.
 */
export const MALFORMED_STEPS_LIMIT = 3;

export interface TurnDeps {
  agents: AgentStore;
  blocks: BlockStore;
  messages: MessageStore;
  passages: PassageStore;
  brains: BrainSelection;
  multiAgent: MultiAgentOps;
  /** The context registry tools run in, the agent being the actor. */
  toolContext(agent: AgentRow): ToolContext;
  invokeOptions: InvokeOptions;
  /** How many stored messages the brain reads (the context window, in messages). */
  historyLimit: number;
  /**
   * The tool-call plan tracker (issue 17). With it every turn that calls tools has a plan
   * (turn-plan.ts), each model step's tokens count to it, and a call enforce mode refuses ends the
   * turn with the best answer so far. Without it the loop plans nothing.
   */
  tracker?: PlanTracker;
}

export interface TurnOptions {
  signal?: AbortSignal;
  max_steps: number;
  /** Agents waiting for this one's reply (send_message_to_agent_and_wait_for_reply), outermost first. */
  chain: string[];
}

type StopReason = Extract<AgentEvent, { message_type: 'stop_reason' }>['stop_reason'];

/**
 * One turn of an agent: the inbound message is stored, then each step asks the brain and either
 * ends the turn with its message or runs the tool calls it asked for and loops, until the answer,
 * a terminal tool (send_message, memory_finish_edits, an `exit_loop` tool rule), the step limit,
 * repeated malformed calls, cancellation or an error. Every message and event is stored before it
 * is yielded; the turn ends with `usage_statistics` and `stop_reason` (streamed only). Tool calls
 * run one after the other in the order the brain gave them. A turn whose agent is deleted
 * meanwhile ends `cancelled`.
 *
 * The two ends that are not the brain's own answer still answer the user (Letta's stop reasons
 * say which end it was):
 * - `max_steps` (after `max_steps` decisions): the brain's `conclude` gives the final answer — a
 *   model is asked once more with its tools disabled — or, without one or when it fails, the loop
 *   writes it from the turn's tool calls: what was done, what is left, "continue" goes on.
 * - `invalid_tool_call` (MALFORMED_STEPS_LIMIT steps in a row with only malformed calls): an honest
 *   message that says so, with what the turn did complete.
 * - a call refused over the plan's budget (`budget_exceeded`, enforce mode): the calls after it in
 *   the step are answered "not run", and the turn ends with `conclude` (told the budget ran out) or
 *   the written summary; the stop reason is `max_steps` or `insufficient_credits`
 *   (turn-conclusion.ts says why).
 *
 * With a tracker (turn-plan.ts): the plan is declared (or replanned) before the step's calls run,
 * as a tool call and return stored in the step, so the conversation shows it and the brain reads
 * it; each step's model usage counts to it; when the turn ends the plan ends — Complete after the
 * brain's own answer (`end_turn`), Failed for every other end — by a call stored outside any step
 * (streamed and shown, not read back by the brain).
 */
export async function* runTurn(deps: TurnDeps, agent: AgentRow, inbound: InboundMessage, opts: TurnOptions): AsyncGenerator<AgentEvent> {
  const usage = { prompt_tokens: 0, completion_tokens: 0 };
  let steps = 0;
  let plan: TurnPlan | null = null;
  /** The brain's last words (reasoning, else text): why it stopped, for the intents it did not reach. */
  let lastWords: string | undefined;
  async function* finish(stop: StopReason): AsyncGenerator<AgentEvent> {
    if (plan) {
      const answered = stop === 'end_turn';
      const ended = await plan.end(answered ? 'Complete' : 'Failed', answered ? lastWords : undefined);
      yield* planningEvents(ended, null);
    }
    yield {
      message_type: 'usage_statistics',
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      total_tokens: usage.prompt_tokens + usage.completion_tokens,
      step_count: steps,
    };
    yield { message_type: 'stop_reason', stop_reason: stop };
  }
  const count = (u: { prompt_tokens: number; completion_tokens: number } | undefined) => {
    usage.prompt_tokens += u?.prompt_tokens ?? 0;
    usage.completion_tokens += u?.completion_tokens ?? 0;
  };
  // Set when the agent was deleted while its turn ran (e.g. finalize_workflow deleting a worker
  // from within the worker's own last update): what happened is still streamed, and the turn ends.
  let deleted = false;
  const store = async <E extends StoredEvent>(event: E, stepId: string | null = null): Promise<E> => {
    if (!deleted && !(await deps.messages.append(agent.id, event, stepId))) deleted = true;
    return event;
  };
  const say = (content: string, stepId: string) => store({ message_type: 'assistant_message', id: newMessageId(), content }, stepId);
  const think = (reasoning: string, stepId: string) => store({ message_type: 'reasoning_message', id: newMessageId(), reasoning }, stepId);
  const report = (error_type: string, message: string, stepId: string | null, detail?: string) =>
    store({ message_type: 'error_message', id: newMessageId(), error_type, message, ...(detail ? { detail } : {}) }, stepId);
  /** The runtime's planning calls as stored events: in a step (the brain reads them) or outside any (null). */
  async function* planningEvents(calls: PlanningCall[], stepId: string | null): AsyncGenerator<AgentEvent> {
    for (const p of calls) {
      yield await store(toolCallEvent(p.call), stepId);
      yield await store(toolReturnEvent(p.call, p.outcome.status, p.outcome.text), stepId);
    }
  }
  if (opts.signal?.aborted) return yield* finish('cancelled');
  const inboundType = inbound.role === 'user' ? 'user_message' : 'system_message';
  const sender = inbound.sender_agent_id ? { sender_agent_id: inbound.sender_agent_id } : {};
  const inboundId = newMessageId();
  await store({ message_type: inboundType, id: inboundId, content: inbound.content, ...sender });

  const brain = deps.brains.forRole(agent.role);
  if (!brain) {
    const message =
      `no brain for the role "${agent.role}": set OPENAI_MODEL (and OPENAI_BASE_URL) to give local ` +
      `agents a language model, or register a deterministic brain for "${agent.role}"`;
    yield await report('no_brain', message, null);
    return yield* finish('error');
  }
  const exitRules = (agent.toolRules ?? []).filter((r) => r.type === 'exit_loop');
  const exitTools = new Set(exitRules.map((r) => String(r.tool_name)));
  const env: BuiltinEnv = {
    agentId: agent.id,
    blocks: deps.blocks,
    messages: deps.messages,
    passages: deps.passages,
    multiAgent: deps.multiAgent,
    chain: [...opts.chain, agent.id],
  };
  if (deps.tracker) {
    plan = new TurnPlan(deps, agent, env, turnUnit(inboundId, await deps.agents.tags(agent.id)));
    yield* planningEvents(await plan.endLeftover(), null);
  }
  const unit = plan?.unit;
  let malformedSteps = 0;

  for (;;) {
    if (opts.signal?.aborted || deleted) return yield* finish('cancelled');
    if (steps >= opts.max_steps) {
      const stepId = `step-${randomUUID()}`;
      const { input } = await brainInput(deps, agent, opts.signal, unit);
      const ended = await conclusion(brain, input, { steps });
      if (ended === 'cancelled') return yield* finish('cancelled');
      count(ended.usage);
      plan?.recordUsage(ended.usage);
      if (ended.reasoning) yield await think(ended.reasoning, stepId);
      yield await say(ended.content, stepId);
      return yield* finish('max_steps');
    }
    steps += 1;
    const stepId = `step-${randomUUID()}`;
    const { input, attached } = await brainInput(deps, agent, opts.signal, unit);
    let decision: BrainDecision;
    try {
      decision = await brain.decide(input);
    } catch (err) {
      if (opts.signal?.aborted) return yield* finish('cancelled');
      const e = err instanceof BrainError ? err : null;
      const message = err instanceof Error ? err.message : String(err);
      yield await report(e ? e.stopReason : 'internal_error', message, stepId, e?.detail);
      return yield* finish(e ? e.stopReason : 'error');
    }
    count(decision.usage);
    lastWords = decision.reasoning || decision.content || undefined;
    if (decision.reasoning) yield await think(decision.reasoning, stepId);
    if (decision.kind === 'message') {
      plan?.recordUsage(decision.usage);
      yield await say(decision.content, stepId);
      return yield* finish('end_turn');
    }
    if (decision.content) yield await say(decision.content, stepId);
    const calls = planningFirst(decision.tool_calls.map((c) => ({ ...c, id: c.id || `call_${randomUUID()}` })));
    if (!calls.length) {
      plan?.recordUsage(decision.usage);
      if (decision.content) return yield* finish('end_turn');
      yield await report('no_tool_call', `the brain ${brain.name} asked for tool calls but named none`, stepId);
      return yield* finish('no_tool_call');
    }
    // The plan first (declared, or replanned), so the step's model usage and its calls count to it;
    // a step that declares its own plan counts its usage once that declaration ran (first, planningFirst).
    const declaresItself = calls[0]?.name === 'declare_tool_call_plan';
    if (plan) {
      yield* planningEvents(await plan.before(brain, input, decision, calls), stepId);
      if (!declaresItself) plan.recordUsage(decision.usage);
    }
    for (const c of calls) {
      if (c.name !== 'send_message') yield await store(toolCallEvent(c), stepId);
    }
    let terminal = false;
    let lastProblem: string | null = null;
    let wellFormed = 0;
    let refused: { call: BrainToolCall; outcome: ToolCallOutcome } | null = null;
    for (const c of calls) {
      if (opts.signal?.aborted || deleted) return yield* finish('cancelled');
      if (refused) {
        // Enforce mode refused a call before this one: the budget is spent, so this one is not run.
        if (c.name !== 'send_message' || sendMessageText(c) === null || !attached.has(c.name)) {
          yield await store(toolReturnEvent(c, 'error', notRun(refused.call)), stepId);
        }
        continue;
      }
      if (c.name === 'send_message' && attached.has(c.name)) {
        const text = sendMessageText(c);
        if (text !== null) {
          yield await say(text, stepId);
          terminal = true;
          wellFormed += 1;
          continue;
        }
        yield await store(toolCallEvent(c), stepId);
      }
      const r = await runToolCall(deps, agent, env, attached, c);
      yield await store(toolReturnEvent(c, r.status, r.text), stepId);
      plan?.noteRan(c, r);
      if (declaresItself && c === calls[0]) plan?.recordUsage(decision.usage);
      if (r.error_code === 'budget_exceeded') refused = { call: c, outcome: r };
      if (r.terminal || exitTools.has(c.name)) terminal = true;
      if (r.malformed === null) wellFormed += 1;
      else lastProblem = `${c.name}: ${r.malformed}`;
    }
    if (refused) {
      const { input: now } = await brainInput(deps, agent, opts.signal, unit);
      const ended = await conclusion(brain, now, { steps, budget: refusalMessage(refused.outcome.text) });
      if (ended === 'cancelled') return yield* finish('cancelled');
      count(ended.usage);
      plan?.recordUsage(ended.usage);
      const endId = `step-${randomUUID()}`;
      if (ended.reasoning) yield await think(ended.reasoning, endId);
      yield await say(ended.content, endId);
      return yield* finish(budgetStopReason(refused.outcome.text));
    }
    if (terminal) return yield* finish('end_turn');
    malformedSteps = wellFormed === 0 && lastProblem ? malformedSteps + 1 : 0;
    if (malformedSteps >= MALFORMED_STEPS_LIMIT) {
      const { history } = (await brainInput(deps, agent, opts.signal, unit)).input;
      yield await say(malformedCallsAnswer(history, malformedSteps, lastProblem!), `step-${randomUUID()}`);
      return yield* finish('invalid_tool_call');
    }
  }
}

/**
 * What the brain decides from, read afresh for every step (memory, tools, tags and history may have
 * changed), and the names of the attached tools (those this runtime cannot run included).
 */
async function brainInput(
  deps: TurnDeps,
  agent: AgentRow,
  signal: AbortSignal | undefined,
  unit: PlanUnit | undefined,
): Promise<{ input: BrainInput; attached: Set<string> }> {
  const [blocks, toolNames, tags, history] = await Promise.all([
    deps.blocks.ofAgent(agent.id),
    deps.agents.tools(agent.id),
    deps.agents.tags(agent.id),
    deps.messages.list(agent.id, { limit: deps.historyLimit }),
  ]);
  const input: BrainInput = {
    agent: { id: agent.id, name: agent.name, role: agent.role, system: agent.system, tags },
    blocks,
    tools: toolNames.flatMap((n) => resolveTool(n)?.schema ?? []),
    history: toBrainHistory(history),
    signal,
    ...(unit ? { turn: { unit } } : {}),
  };
  return { input, attached: new Set(toolNames) };
}

function toolCallEvent(c: BrainToolCall) {
  const tool_call = { tool_call_id: c.id, name: c.name, arguments: c.arguments };
  return { message_type: 'tool_call_message', id: newMessageId(), tool_call } as const;
}

function toolReturnEvent(c: BrainToolCall, status: 'success' | 'error', text: string) {
  const id = newMessageId();
  const message_type = 'tool_return_message' as const;
  return { message_type, id, tool_call_id: c.id, name: c.name, status, tool_return: text };
}

/** send_message's text, or null when its arguments are not `{"message": "<text>"}`. */
function sendMessageText(c: BrainToolCall): string | null {
  try {
    const args = JSON.parse(c.arguments) as { message?: unknown };
    return typeof args.message === 'string' && args.message ? args.message : null;
  } catch {
    return null;
  }
}

/** A decision's own declare_tool_call_plan calls run first, so the calls beside them are attributed to the plan. */
function planningFirst(calls: BrainToolCall[]): BrainToolCall[] {
  const declares = calls.filter((c) => c.name === 'declare_tool_call_plan');
  return declares.length ? [...declares, ...calls.filter((c) => c.name !== 'declare_tool_call_plan')] : calls;
}

/** The return of a call not run because enforce mode refused an earlier one of the step. */
function notRun(refused: BrainToolCall): string {
  const message = `not run: enforce mode refused ${refused.name} before it, over the plan's budget, ` + 'so this turn stops here';
  return JSON.stringify(fail('budget_exceeded', message));
}
