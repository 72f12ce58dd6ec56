import { BrainError, type BrainUsage } from '../brain.ts';
import { chatCompletionResponse, type ChatCompletionRequest, type ChatCompletionResponse } from './chat-wire.ts';

export interface EndpointOptions {
  /** `{base}/chat/completions`. */
  url: string;
  apiKey?: string;
  /** How long one completion may take. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

export type CompletionMessage = ChatCompletionResponse['choices'][number]['message'];

export interface Completion {
  message: CompletionMessage;
  finishReason: string | null;
  usage: BrainUsage | undefined;
  /** `reasoning_content` or `reasoning`, where the server sends one. */
  reasoning: string | undefined;
}

/**
 * POSTs one chat-completions request and returns its first choice. Every way it can go wrong is a
 * BrainError with Letta's stop reason: `llm_api_error` when the endpoint cannot be reached, answers
 * late or refuses (the body's start kept as detail), `invalid_llm_response` when the answer is not a
 * chat completion. A caller's abort is rethrown as it is, so the loop can end the turn `cancelled`.
 */
export async function postCompletion(ep: EndpointOptions, body: ChatCompletionRequest, callerSignal?: AbortSignal): Promise<Completion> {
  const timeout = AbortSignal.timeout(ep.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (ep.apiKey) headers.authorization = `Bearer ${ep.apiKey}`;
  let response: Response;
  try {
    response = await (ep.fetch ?? fetch)(ep.url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch (err) {
    if (callerSignal?.aborted) throw err;
    const why = timeout.aborted ? `no answer within ${ep.timeoutMs / 1000} s` : err instanceof Error ? err.message : String(err);
    throw new BrainError('llm_api_error', `cannot reach the model endpoint ${ep.url}: ${why}`);
  }
  const text = await response.text();
  if (!response.ok) {
    const status = `the model endpoint answered ${response.status} ${response.statusText}`.trim();
    throw new BrainError('llm_api_error', status, text.slice(0, 2_000));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BrainError('invalid_llm_response', 'the model endpoint did not answer JSON', text.slice(0, 2_000));
  }
  const parsed = chatCompletionResponse.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.message.slice(0, 2_000);
    throw new BrainError('invalid_llm_response', 'the answer is not a chat completion', detail);
  }
  const choice = parsed.data.choices[0]!;
  const u = parsed.data.usage;
  return {
    message: choice.message,
    finishReason: choice.finish_reason ?? null,
    usage: u ? { prompt_tokens: u.prompt_tokens ?? 0, completion_tokens: u.completion_tokens ?? 0 } : undefined,
    reasoning: choice.message.reasoning_content || choice.message.reasoning || undefined,
  };
}
