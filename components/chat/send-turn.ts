import type { AgentEvent } from '@/server/contracts/agent-platform';
import { readSseStream, type SseEvent } from './sse';

/**
 * One chat turn over `POST /api/chat/<conversationId>/messages` (server/chat/stream-turn.ts):
 * `{content}` in, Server-Sent Events out — `event: agent` with an AgentEvent as JSON per event,
 * then `event: done`, or `event: error` with `{message}`. A request refused before streaming
 * answers JSON `{error, message}` with 400/401/403/404/409.
 */
export type TurnOutcome =
  /** `event: done`: the agent finished (its stop_reason says how). */
  | { kind: 'done' }
  /** The request was refused before anything streamed (the message was not taken). */
  | { kind: 'refused'; status: number; message: string }
  /** `event: error`, or a stream the client could not read. */
  | { kind: 'error'; message: string }
  /** The user stopped the turn (the fetch was aborted, which cancels the turn on the server). */
  | { kind: 'stopped' }
  /** The connection ended without `done` or `error` (network, server restart). */
  | { kind: 'interrupted' };

export type TurnSignal = { kind: 'agent'; event: AgentEvent } | { kind: 'done' } | { kind: 'error'; message: string } | { kind: 'ignored' };

/** What one SSE event of the chat stream means. Unparseable data is an error, unknown event names are ignored. */
export function interpretChatEvent(e: SseEvent): TurnSignal {
  const parse = (): unknown => {
    try {
      return JSON.parse(e.data);
    } catch {
      return undefined;
    }
  };
  if (e.event === 'done') return { kind: 'done' };
  if (e.event === 'error') {
    const body = parse() as { message?: unknown } | undefined;
    return {
      kind: 'error',
      message: typeof body?.message === 'string' && body.message ? body.message : e.data || 'the agent platform failed',
    };
  }
  if (e.event !== 'agent') return { kind: 'ignored' };
  const event = parse() as { message_type?: unknown } | undefined;
  if (!event || typeof event !== 'object' || typeof event.message_type !== 'string')
    return { kind: 'error', message: `unreadable agent event: ${e.data.slice(0, 200)}` };
  return { kind: 'agent', event: event as AgentEvent };
}

/** The message of a JSON refusal body, or the status text. */
async function refusalMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // not JSON
  }
  return text.trim().slice(0, 300) || `${res.status} ${res.statusText}`.trim();
}

const isAbort = (err: unknown, signal?: AbortSignal) => signal?.aborted || (err instanceof Error && err.name === 'AbortError');

export interface SendTurnOptions {
  signal?: AbortSignal;
  /** The server took the message (2xx): it is now part of the conversation. */
  onAccepted?(): void;
  onEvent(event: AgentEvent): void;
  fetch?: typeof fetch;
}

/** Sends `content` to the conversation and reports its events as they stream; never throws. */
export async function sendTurn(conversationId: string, content: string, opts: SendTurnOptions): Promise<TurnOutcome> {
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(`/api/chat/${encodeURIComponent(conversationId)}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content }),
      signal: opts.signal,
    });
  } catch (err) {
    if (isAbort(err, opts.signal)) return { kind: 'stopped' };
    return { kind: 'refused', status: 0, message: `the console could not be reached: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!res.ok) return { kind: 'refused', status: res.status, message: await refusalMessage(res) };
  if (!res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return { kind: 'error', message: `expected an event stream, got ${res.headers.get('content-type') ?? 'no body'}` };
  }
  opts.onAccepted?.();
  try {
    for await (const e of readSseStream(res.body)) {
      const signal = interpretChatEvent(e);
      if (signal.kind === 'agent') opts.onEvent(signal.event);
      else if (signal.kind === 'done') return { kind: 'done' };
      else if (signal.kind === 'error') return { kind: 'error', message: signal.message };
    }
  } catch (err) {
    if (isAbort(err, opts.signal)) return { kind: 'stopped' };
    return { kind: 'error', message: `the stream broke off: ${err instanceof Error ? err.message : String(err)}` };
  }
  return opts.signal?.aborted ? { kind: 'stopped' } : { kind: 'interrupted' };
}
