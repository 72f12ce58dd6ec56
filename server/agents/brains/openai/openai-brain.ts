import { randomUUID } from 'node:crypto';
import {
  BrainError,
  type Brain,
  type BrainConclusion,
  type BrainDecision,
  type BrainInput,
  type BrainMessage,
  type StepLimit,
} from '../brain.ts';
import { systemPrompt } from '../render-memory.ts';
import type { ChatCompletionRequest, ChatRequestMessage } from './chat-wire.ts';
import { postCompletion, type EndpointOptions } from './post-completion.ts';
import { planInstruction } from './plan-prompt.ts';
import { budgetInstruction, stepLimitInstruction } from './step-limit-prompt.ts';

export interface OpenAIBrainOptions {
  /** Base URL of the API, e.g. `https://api.openai.com/v1` or a local server's `/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** How long one completion may take (default 120 s). */
  timeoutMs?: number;
  temperature?: number;
  fetch?: typeof fetch;
}

/**
 * The `openai` brain: one chat-completions request per step against any OpenAI-compatible
 * endpoint with function calling. The agent's system prompt (its template's, e.g. planner.af)
 * with its core memory goes first, then its history; the attached tools are offered as functions;
 * the reply is either `tool_calls` or an assistant message (reasoning from `reasoning_content` /
 * `reasoning` where the server sends it). At the step limit, `conclude` asks once more with the
 * tools disabled (`tool_choice: "none"`) for a final answer. With tool-call plans tracked
 * (`input.turn`), the system prompt asks for declare_tool_call_plan first (plan-prompt.ts); it has
 * no `plan` of its own, so the runtime declares one when the model does not.
 */
export class OpenAIChatBrain implements Brain {
  readonly name = 'openai';
  private readonly endpoint: EndpointOptions;

  constructor(private readonly opts: OpenAIBrainOptions) {
    this.endpoint = {
      url: `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`,
      apiKey: opts.apiKey,
      timeoutMs: opts.timeoutMs ?? 120_000,
      fetch: opts.fetch,
    };
  }

  get model(): string {
    return this.opts.model;
  }

  get baseUrl(): string {
    return this.opts.baseUrl;
  }

  /** The request body for a step (exported through the class for tests and logs). */
  request(input: BrainInput): ChatCompletionRequest {
    // With plans tracked and the planning tool attached, the model is asked to declare its own (issue 17).
    const planning =
      input.turn && input.tools.some((t) => t.name === 'declare_tool_call_plan') ? `\n\n${planInstruction(input.turn.unit)}` : '';
    const body: ChatCompletionRequest = {
      model: this.opts.model,
      messages: [{ role: 'system', content: systemPrompt(input.agent, input.blocks) + planning }, ...input.history.map(toWire)],
    };
    if (input.tools.length) {
      body.tools = input.tools.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters },
      }));
      body.tool_choice = 'auto';
    }
    if (this.opts.temperature !== undefined) body.temperature = this.opts.temperature;
    return body;
  }

  /**
   * The final-answer request: the step's request with the step-limit (or budget) instruction added to the
   * system prompt and tool calls forbidden. The tools stay declared, because the history's calls
   * name them (some servers refuse tool calls of undeclared functions).
   */
  conclusionRequest(input: BrainInput, limit: StepLimit): ChatCompletionRequest {
    const body = this.request(input);
    const [system, ...rest] = body.messages;
    const why = limit.budget !== undefined ? budgetInstruction(limit.budget) : stepLimitInstruction(limit.steps);
    const instructed = `${system!.content}\n\n${why}`;
    body.messages = [{ role: 'system', content: instructed }, ...rest];
    if (body.tools) body.tool_choice = 'none';
    return body;
  }

  async decide(input: BrainInput): Promise<BrainDecision> {
    const completion = await postCompletion(this.endpoint, this.request(input), input.signal);
    const { message, finishReason, usage, reasoning } = completion;
    const calls = message.tool_calls ?? [];
    if (calls.length) {
      return {
        kind: 'tool_calls',
        tool_calls: calls.map((c) => ({
          id: c.id || `call_${randomUUID()}`,
          name: c.function.name,
          arguments: argumentsText(c.function.arguments),
        })),
        content: message.content ?? null,
        reasoning,
        usage,
      };
    }
    if (!message.content) {
      const why = `finish_reason ${finishReason ?? 'none'}`;
      throw new BrainError('invalid_llm_response', `the model answered neither a message nor tool calls (${why})`);
    }
    return { kind: 'message', content: message.content, reasoning, usage };
  }

  /**
   * A server that ignores `tool_choice: "none"` may still answer with tool calls: its text is the
   * answer then, and without text the conclusion fails (the loop writes the answer itself).
   */
  async conclude(input: BrainInput, limit: StepLimit): Promise<BrainConclusion> {
    const body = this.conclusionRequest(input, limit);
    const { message, usage, reasoning } = await postCompletion(this.endpoint, body, input.signal);
    const content = message.content?.trim();
    if (!content) throw new BrainError('invalid_llm_response', 'the model gave no final answer at the step limit');
    return { content, reasoning, usage };
  }
}

/** Tool-call arguments as JSON text, as the loop expects them (some servers send an object, or nothing). */
function argumentsText(args: string | Record<string, unknown> | undefined): string {
  return typeof args === 'string' ? args || '{}' : JSON.stringify(args ?? {});
}

function toWire(m: BrainMessage): ChatRequestMessage {
  switch (m.role) {
    case 'system':
    case 'user':
      return { role: m.role, content: m.content };
    case 'assistant':
      return m.tool_calls?.length
        ? {
            role: 'assistant',
            content: m.content,
            tool_calls: m.tool_calls.map((c) => ({
              id: c.id,
              type: 'function',
              function: { name: c.name, arguments: c.arguments },
            })),
          }
        : { role: 'assistant', content: m.content ?? '' };
    case 'tool':
      return { role: 'tool', tool_call_id: m.tool_call_id, content: m.content };
  }
}
