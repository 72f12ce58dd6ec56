import type { MemoryBlock } from '../platform/agent-platform.ts';
import { isRecord } from '../../../lib/is-record.ts';

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
   * The turn's final answer when the loop has stopped it at its step limit: one message and no
   * tool calls (a model is asked with its tools disabled), saying what was done, what is left and
   * that "continue" goes on. Optional: without it, or when it throws, the loop writes that answer
   * itself from the turn's tool calls.
   */
  conclude?(input: BrainInput, limit: StepLimit): Promise<BrainConclusion>;
}

/** The limit a turn reached: how many decisions it took. */
export interface StepLimit {
  steps: number;
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
export function currentTurn(
  history: BrainMessage[],
): { inbound: Extract<BrainMessage, { role: 'system' | 'user' }> | null; steps: BrainMessage[] } {
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

/** The tool returns of this turn, oldest first, with their calls' arguments parsed. */
export function turnToolResults(steps: BrainMessage[]): TurnToolResult[] {
  const calls = new Map<string, BrainToolCall>();
  const out: TurnToolResult[] = [];
  for (const m of steps) {
    if (m.role === 'assistant') for (const c of m.tool_calls ?? []) calls.set(c.id, c);
    if (m.role === 'tool') {
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
    return (isRecord(v) ? v : null);
  } catch {
    return null;
  }
}
