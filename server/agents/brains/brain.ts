import type { MemoryBlock } from '../../contracts/agent-platform.ts';
import { isRecord } from '../../../lib/is-record.ts';
import { PLANNING_TOOLS, type DeclarePlanInput } from '../../contracts/planning/ports.ts';
import type { PlanUnit } from '../../../lib/planning/schemas.ts';

/**
 * The brain of a local agent: what decides, at each step of the agent loop, whether to call tools
 * or to answer. The loop (server/agents/local/agent-loop.ts) owns everything else — persisting
 * messages, running tools, streaming events, step limits and cancellation — so a brain is a pure
 * decision over what the agent currently knows.
 */
export interface Brain {
  /** Shown by `describe()`: `openai` or `deterministic:<role>`. */
  readonly name: string;
  decide(input: BrainInput): Promise<BrainDecision>;
  /**
   * The turn's final answer when the loop has stopped it at its step limit or at its plan's budget:
   * one message and no tool calls (a model is asked with its tools off), saying what was done, what is left and
   * that "continue" goes on. Optional: without it, or when it throws, the loop writes that answer
   * itself from the turn's tool calls.
   */
  conclude?(input: BrainInput, limit: StepLimit): Promise<BrainConclusion>;
  /**
   * The brain's own tool-call plan (issue 17) for the work `decision` starts: the loop asks before
   * it runs the first tool calls of a turn that has no active plan, and declares the answer through
   * `declare_tool_call_plan`. `unit` is the turn's default unit (the chat turn: the inbound
   * message's id, the conversation); a brain whose work is a companion task, a workflow run's state
   * or a delegation names that instead. Like `decide`, a pure function of what the agent knows.
   * Optional: without it, or when it returns null, the runtime declares a plan from the decision.
   * `later`: this decision comes before the unit's work (a worker taking the lease that makes a
   * state its own): no plan yet, the loop asks again at the next tool decision.
   */
  plan?(input: BrainInput, decision: ToolCallsDecision, unit: PlanUnit): DeclarePlanInput | 'later' | null;
}

/** The limit a turn reached: how many decisions it took, or (`budget`) its plan's budget ran out. */
export interface StepLimit {
  steps: number;
  /**
   * Set when enforce mode refused a call over the plan's budget (issue 17): the refusal's message.
   * The answer then says that the budget ran out, what was done and what is left.
   */
  budget?: string;
}

export interface BrainConclusion {
  content: string;
  reasoning?: string;
  usage?: BrainUsage;
}

/** A tool the agent may call, with its arguments' JSON Schema (an object schema). */
export interface BrainTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface BrainToolCall {
  /** The call id the tool's return refers to (OpenAI `tool_call_id`). */
  id: string;
  name: string;
  /** The arguments as JSON text, exactly as the model produced them. */
  arguments: string;
}

/** The agent's history as chat messages (the OpenAI chat-completions roles). */
export type BrainMessage =
  | { role: 'system' | 'user'; content: string; sender_agent_id?: string }
  | { role: 'assistant'; content: string | null; tool_calls?: BrainToolCall[]; reasoning?: string }
  | { role: 'tool'; tool_call_id: string; name: string; content: string; status: 'success' | 'error' };

export interface BrainInput {
  agent: {
    id: string;
    name: string;
    /** The template agent it was made from (`planner`, `worker`, `companion`, …). */
    role: string;
    system: string;
    tags: string[];
  };
  blocks: MemoryBlock[];
  tools: BrainTool[];
  /** Oldest first; ends with the message or tool returns this step reacts to. */
  history: BrainMessage[];
  signal?: AbortSignal;
  /**
   * Set when the runtime tracks tool-call plans (issue 17): the unit this turn's plan is for, so a
   * model can be told what to declare (the OpenAI-compatible brain's prompt).
   */
  turn?: { unit: PlanUnit };
}

export interface BrainUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export type BrainDecision =
  | {
      kind: 'tool_calls';
      tool_calls: BrainToolCall[];
      reasoning?: string;
      content?: string | null;
      usage?: BrainUsage;
    }
  | { kind: 'message'; content: string; reasoning?: string; usage?: BrainUsage };
export type ToolCallsDecision = Extract<BrainDecision, { kind: 'tool_calls' }>;

/**
 * The planning tools (declare/update/get_tool_call_plan) are the plan's bookkeeping, not the
 * turn's work: the helpers below leave their calls out, so a declared plan in the history does
 * not change what a deterministic brain reads as "this turn's tool returns".
 */
export const isPlanningTool = (name: string): boolean => (PLANNING_TOOLS as readonly string[]).includes(name);

/**
 * A brain failure the loop reports as Letta does: an `error_message` event with `error_type`
 * and a `stop_reason` (e.g. `llm_api_error` for an endpoint that refused or could not be reached,
 * `invalid_llm_response` for an answer that is not a chat completion).
 */
export class BrainError extends Error {
  constructor(
    readonly stopReason: 'llm_api_error' | 'invalid_llm_response' | 'error',
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'BrainError';
  }
}

/** The last user/system message of the history and what followed it (this turn's steps). */
export function currentTurn(history: BrainMessage[]): {
  inbound: Extract<BrainMessage, { role: 'system' | 'user' }> | null;
  steps: BrainMessage[];
} {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.role === 'user' || m.role === 'system') return { inbound: m, steps: history.slice(i + 1) };
  }
  return { inbound: null, steps: history };
}

/** One tool return of a turn, with its call's arguments parsed (null result: the return is not a JSON object). */
export interface TurnToolResult {
  name: string;
  args: Record<string, unknown>;
  result: Record<string, unknown> | null;
  status: 'success' | 'error';
}

/** The tool returns of this turn, oldest first, with their calls' arguments parsed (planning tools left out). */
export function turnToolResults(steps: BrainMessage[]): TurnToolResult[] {
  const calls = new Map<string, BrainToolCall>();
  const out: TurnToolResult[] = [];
  for (const m of steps) {
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) calls.set(c.id, c);
    if (m.role === 'tool' && !isPlanningTool(m.name)) {
      const call = calls.get(m.tool_call_id);
      const args = parseObject(call?.arguments ?? '{}') ?? {};
      out.push({ name: m.name, args, result: parseObject(m.content), status: m.status });
    }
  }
  return out;
}

/** A JSON object from text, or null. */
export function parseObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : null;
  } catch {
    return null;
  }
}
