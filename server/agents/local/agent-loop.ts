import { randomUUID } from 'node:crypto';
import type { AgentRow } from '../../db/schema/agents.ts';
import type { ToolContext } from '../../tools/context.ts';
import { invokeTool, type InvokeOptions } from '../../tools/invoke.ts';
import { fail } from '../../tool-result.ts';
import { BrainError, type BrainDecision, type BrainToolCall } from '../brains/brain.ts';
import type { BrainSelection } from '../brains/select.ts';
import type { AgentEvent, InboundMessage } from '../platform/agent-platform.ts';
import type { AgentStore } from './agent-store.ts';
import { resolveTool } from './agent-tools.ts';
import type { BlockStore } from './block-store.ts';
import type { BuiltinEnv, MultiAgentOps } from './builtin-tools/index.ts';
import { toBrainHistory } from './history.ts';
import { newMessageId, type MessageStore, type StoredEvent } from './message-store.ts';
import type { PassageStore } from './passage-store.ts';

/** Letta's default `return_char_limit`: longer tool returns are cut (and say so). */
export const RETURN_CHAR_LIMIT = 50_000;

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
 * a terminal tool (send_message, memory_finish_edits, an `exit_loop` tool rule), `max_steps`,
 * cancellation or an error. Every message and event is stored before it is yielded; the turn
 * ends with `usage_statistics` and `stop_reason` (streamed only). Tool calls run one after the
 * other in the order the brain gave them. A turn whose agent is deleted meanwhile ends `cancelled`.
 */
export async function* runTurn(deps: TurnDeps, agent: AgentRow, inbound: InboundMessage, opts: TurnOptions): AsyncGenerator<AgentEvent> {
  const usage = { prompt_tokens: 0, completion_tokens: 0 };
  let steps = 0;
  const finish = (stop: StopReason): AgentEvent[] => [
    { message_type: 'usage_statistics', prompt_tokens: usage.prompt_tokens, completion_tokens: usage.completion_tokens, total_tokens: usage.prompt_tokens + usage.completion_tokens, step_count: steps },
    { message_type: 'stop_reason', stop_reason: stop },
  ];
  // Set when the agent was deleted while its turn ran (e.g. finalize_workflow deleting a worker
  // from within the worker's own last update): what happened is still streamed, and the turn ends.
  let deleted = false;
  const store = async <E extends StoredEvent>(event: E, stepId: string | null = null): Promise<E> => {
    if (!deleted && !(await deps.messages.append(agent.id, event, stepId))) deleted = true;
    return event;
  };
  if (opts.signal?.aborted) return yield* finish('cancelled');
  await store({ message_type: inbound.role === 'user' ? 'user_message' : 'system_message', id: newMessageId(), content: inbound.content, ...(inbound.sender_agent_id ? { sender_agent_id: inbound.sender_agent_id } : {}) });

  const brain = deps.brains.forRole(agent.role);
  if (!brain) {
    yield await store({ message_type: 'error_message', id: newMessageId(), error_type: 'no_brain', message: `no brain for the role "${agent.role}": set OPENAI_MODEL (and OPENAI_BASE_URL) to give local agents a language model, or register a deterministic brain for "${agent.role}"` });
    return yield* finish('error');
  }
  const exitTools = new Set((agent.toolRules ?? []).filter((r) => r.type === 'exit_loop').map((r) => String(r.tool_name)));
  const env: BuiltinEnv = { agentId: agent.id, blocks: deps.blocks, messages: deps.messages, passages: deps.passages, multiAgent: deps.multiAgent, chain: [...opts.chain, agent.id] };

  for (;;) {
    if (opts.signal?.aborted || deleted) return yield* finish('cancelled');
    if (steps >= opts.max_steps) return yield* finish('max_steps');
    steps += 1;
    const stepId = `step-${randomUUID()}`;
    const [blocks, toolNames, tags, history] = await Promise.all([
      deps.blocks.ofAgent(agent.id),
      deps.agents.tools(agent.id),
      deps.agents.tags(agent.id),
      deps.messages.list(agent.id, { limit: deps.historyLimit }),
    ]);
    const attached = new Set(toolNames);
    let decision: BrainDecision;
    try {
      decision = await brain.decide({
        agent: { id: agent.id, name: agent.name, role: agent.role, system: agent.system, tags },
        blocks,
        tools: toolNames.flatMap((n) => resolveTool(n)?.schema ?? []),
        history: toBrainHistory(history),
        signal: opts.signal,
      });
    } catch (err) {
      if (opts.signal?.aborted) return yield* finish('cancelled');
      const e = err instanceof BrainError ? err : null;
      yield await store({ message_type: 'error_message', id: newMessageId(), error_type: e ? e.stopReason : 'internal_error', message: err instanceof Error ? err.message : String(err), ...(e?.detail ? { detail: e.detail } : {}) }, stepId);
      return yield* finish(e ? e.stopReason : 'error');
    }
    usage.prompt_tokens += decision.usage?.prompt_tokens ?? 0;
    usage.completion_tokens += decision.usage?.completion_tokens ?? 0;
    if (decision.reasoning) yield await store({ message_type: 'reasoning_message', id: newMessageId(), reasoning: decision.reasoning }, stepId);
    if (decision.kind === 'message') {
      yield await store({ message_type: 'assistant_message', id: newMessageId(), content: decision.content }, stepId);
      return yield* finish('end_turn');
    }
    if (decision.content) yield await store({ message_type: 'assistant_message', id: newMessageId(), content: decision.content }, stepId);
    const calls = decision.tool_calls.map((c) => ({ ...c, id: c.id || `call_${randomUUID()}` }));
    if (!calls.length) {
      if (decision.content) return yield* finish('end_turn');
      yield await store({ message_type: 'error_message', id: newMessageId(), error_type: 'no_tool_call', message: `the brain ${brain.name} asked for tool calls but named none` }, stepId);
      return yield* finish('no_tool_call');
    }
    for (const c of calls) {
      if (c.name !== 'send_message') yield await store({ message_type: 'tool_call_message', id: newMessageId(), tool_call: { tool_call_id: c.id, name: c.name, arguments: c.arguments } }, stepId);
    }
    let terminal = false;
    for (const c of calls) {
      if (opts.signal?.aborted || deleted) return yield* finish('cancelled');
      if (c.name === 'send_message' && attached.has(c.name)) {
        const text = sendMessageText(c);
        if (text !== null) {
          yield await store({ message_type: 'assistant_message', id: newMessageId(), content: text }, stepId);
          terminal = true;
          continue;
        }
        yield await store({ message_type: 'tool_call_message', id: newMessageId(), tool_call: { tool_call_id: c.id, name: c.name, arguments: c.arguments } }, stepId);
      }
      const r = await runToolCall(deps, agent, env, attached, c);
      yield await store({ message_type: 'tool_return_message', id: newMessageId(), tool_call_id: c.id, name: c.name, status: r.status, tool_return: r.text }, stepId);
      if (r.terminal || exitTools.has(c.name)) terminal = true;
    }
    if (terminal) return yield* finish('end_turn');
  }
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

type Envelope = { status: 'ok' | 'error' } & Record<string, unknown>;

/** Runs one tool call; every problem (bad JSON, a tool not attached, bad arguments, a throw) is an error result. */
async function runToolCall(deps: TurnDeps, agent: AgentRow, env: BuiltinEnv, attached: Set<string>, call: BrainToolCall): Promise<{ status: 'success' | 'error'; text: string; terminal: boolean }> {
  const { result, terminal } = await callTool(deps, agent, env, attached, call);
  const text = JSON.stringify(result);
  return {
    status: result.status === 'ok' ? 'success' : 'error',
    text: text.length > RETURN_CHAR_LIMIT ? `${text.slice(0, RETURN_CHAR_LIMIT)}… [truncated: ${text.length} characters, limit ${RETURN_CHAR_LIMIT}]` : text,
    terminal,
  };
}

async function callTool(deps: TurnDeps, agent: AgentRow, env: BuiltinEnv, attached: Set<string>, call: BrainToolCall): Promise<{ result: Envelope; terminal: boolean }> {
  let args: unknown;
  try {
    args = JSON.parse(call.arguments || '{}');
  } catch (err) {
    return { result: fail('invalid_input', `the arguments of ${call.name} are not valid JSON: ${err instanceof Error ? err.message : String(err)}`), terminal: false };
  }
  if (!attached.has(call.name)) return { result: fail('not_found', `the tool ${call.name} is not attached to you; your tools: ${[...attached].join(', ')}`), terminal: false };
  const resolved = resolveTool(call.name);
  if (!resolved) return { result: fail('not_found', `the tool ${call.name} is attached but this runtime cannot run it`), terminal: false };
  if (resolved.kind === 'registry') return { result: await invokeTool(resolved.tool, args, deps.toolContext(agent), deps.invokeOptions), terminal: false };
  const parsed = resolved.tool.input.safeParse(args ?? {});
  if (!parsed.success) {
    return { result: fail('invalid_input', `invalid arguments for ${call.name}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}`), terminal: false };
  }
  try {
    const result = await resolved.tool.run(parsed.data, env);
    return { result, terminal: !!resolved.tool.terminal && result.status === 'ok' };
  } catch (err) {
    deps.invokeOptions.onInternalError?.(call.name, err);
    return { result: fail('internal_error', `${call.name} failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`), terminal: false };
  }
}
