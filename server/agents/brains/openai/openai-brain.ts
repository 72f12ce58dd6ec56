import { randomUUID } from 'node:crypto';
import { BrainError, type Brain, type BrainDecision, type BrainInput, type BrainMessage } from '../brain.ts';
import { systemPrompt } from '../render-memory.ts';
import { chatCompletionResponse, type ChatCompletionRequest, type ChatRequestMessage } from './chat-wire.ts';

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
 * endpoint with function calling. The agent's system prompt and core memory go first, then its
 * history; the attached tools are offered as functions; the reply is either `tool_calls` or an
 * assistant message (reasoning from `reasoning_content` / `reasoning` where the server sends it).
 */
export class OpenAIChatBrain implements Brain {
  readonly name = 'openai';
  private readonly url: string;

  constructor(private readonly opts: OpenAIBrainOptions) {
    this.url = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  get model(): string {
    return this.opts.model;
  }

  get baseUrl(): string {
    return this.opts.baseUrl;
  }

  /** The request body for a step (exported through the class for tests and logs). */
  request(input: BrainInput): ChatCompletionRequest {
    const body: ChatCompletionRequest = {
      model: this.opts.model,
      messages: [{ role: 'system', content: systemPrompt(input.agent, input.blocks) }, ...input.history.map(toWire)],
    };
    if (input.tools.length) {
      body.tools = input.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
      body.tool_choice = 'auto';
    }
    if (this.opts.temperature !== undefined) body.temperature = this.opts.temperature;
    return body;
  }

  async decide(input: BrainInput): Promise<BrainDecision> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 120_000);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    let response: Response;
    try {
      response = await (this.opts.fetch ?? fetch)(this.url, { method: 'POST', headers, body: JSON.stringify(this.request(input)), signal });
    } catch (err) {
      if (input.signal?.aborted) throw err;
      const why = timeout.aborted ? `no answer within ${(this.opts.timeoutMs ?? 120_000) / 1000} s` : err instanceof Error ? err.message : String(err);
      throw new BrainError('llm_api_error', `cannot reach the model endpoint ${this.url}: ${why}`);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new BrainError('llm_api_error', `the model endpoint answered ${response.status} ${response.statusText}`.trim(), text.slice(0, 2_000));
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new BrainError('invalid_llm_response', 'the model endpoint did not answer JSON', text.slice(0, 2_000));
    }
    const parsed = chatCompletionResponse.safeParse(json);
    if (!parsed.success) throw new BrainError('invalid_llm_response', 'the answer is not a chat completion', parsed.error.message.slice(0, 2_000));
    const choice = parsed.data.choices[0]!;
    const message = choice.message;
    const usage = parsed.data.usage ? { prompt_tokens: parsed.data.usage.prompt_tokens ?? 0, completion_tokens: parsed.data.usage.completion_tokens ?? 0 } : undefined;
    const reasoning = message.reasoning_content ?? message.reasoning ?? undefined;
    const calls = message.tool_calls ?? [];
    if (calls.length) {
      return {
        kind: 'tool_calls',
        tool_calls: calls.map((c) => ({
          id: c.id || `call_${randomUUID()}`,
          name: c.function.name,
          arguments: typeof c.function.arguments === 'string' ? c.function.arguments || '{}' : JSON.stringify(c.function.arguments ?? {}),
        })),
        content: message.content ?? null,
        reasoning: reasoning || undefined,
        usage,
      };
    }
    if (!message.content) throw new BrainError('invalid_llm_response', `the model answered neither a message nor tool calls (finish_reason ${choice.finish_reason ?? 'none'})`);
    return { kind: 'message', content: message.content, reasoning: reasoning || undefined, usage };
  }
}

function toWire(m: BrainMessage): ChatRequestMessage {
  switch (m.role) {
    case 'system':
    case 'user':
      return { role: m.role, content: m.content };
    case 'assistant':
      return m.tool_calls?.length
        ? { role: 'assistant', content: m.content, tool_calls: m.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }
        : { role: 'assistant', content: m.content ?? '' };
    case 'tool':
      return { role: 'tool', tool_call_id: m.tool_call_id, content: m.content };
  }
}
