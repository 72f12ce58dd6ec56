import { APIConnectionTimeoutError, type Letta } from '@letta-ai/letta-client';
import type { AgentEvent, InboundMessage, StoredMessage } from '../../contracts/agent-platform.ts';
import { callLetta, LettaPlatformError, toPlatformError, type LettaRequest } from './errors.ts';
import { parseLettaMessage, toAgentEvents, toStoredMessages } from './events.ts';
import { lettaResponse, lettaRun, readLetta } from './schemas.ts';
import { z } from 'zod';

/**
 * Messages to Letta agents: the streamed turn (`/messages/stream`, SSE), the collected turn
 * (`/messages`), the queued one (`/messages/async`), history and cancellation.
 *
 * A message is sent at most once: the requests that send one are never retried by the client
 * (`maxRetries: 0`). Letta may have taken the message before a timeout or a 5xx, and a retry would
 * send it again — a task delegated twice, a reply awaited three times over.
 */
const ONCE = { maxRetries: 0 } as const;

export interface MessagingContext {
  client: Letta;
  /** Time limit of one whole turn (a turn of many steps can take minutes). */
  messageTimeoutMs: number;
}

/** `MessageCreate` for an inbound message; another agent's id goes to `sender_id`. */
export function toMessageCreate(message: InboundMessage) {
  return { role: message.role, content: message.content, ...(message.sender_agent_id ? { sender_id: message.sender_agent_id } : {}) };
}

/**
 * Streams an agent's turn as AgentEvents. An `error_message` event, an `event: error` frame or a
 * stream that ends without a `stop_reason` is a LettaPlatformError. When `signal` aborts the
 * stream, the run is cancelled on the server (`/messages/cancel` with the run id seen so far) and
 * the turn ends with `stop_reason: cancelled`.
 */
export async function* streamTurn(
  ctx: MessagingContext,
  agentId: string,
  message: InboundMessage,
  opts: { signal?: AbortSignal; max_steps?: number } = {},
): AsyncGenerator<AgentEvent> {
  const body = {
    messages: [toMessageCreate(message)],
    stream_tokens: false,
    include_pings: true,
    ...(opts.max_steps ? { max_steps: opts.max_steps } : {}),
  };
  const request: LettaRequest = { method: 'POST', path: `/v1/agents/${agentId}/messages/stream`, body };
  const options = { ...ONCE, signal: opts.signal, timeout: ctx.messageTimeoutMs, headers: { Accept: 'text/event-stream' } };
  let runId: string | undefined;
  let stopped = false;
  try {
    const stream = await ctx.client.agents.messages.stream(agentId, body, options);
    for await (const raw of stream) {
      const msg = parseLettaMessage(raw, request);
      if (!msg) continue;
      if ('run_id' in msg && msg.run_id) runId = msg.run_id;
      if (msg.message_type === 'error_message')
        throw new LettaPlatformError(
          null,
          `error in the stream: ${msg.error_type}: ${msg.message}${msg.detail ? ` (${msg.detail})` : ''}`,
          request,
          msg,
        );
      for (const event of toAgentEvents(msg)) {
        if (event.message_type === 'stop_reason') stopped = true;
        yield event;
      }
    }
  } catch (error) {
    if (!opts.signal?.aborted) throw toPlatformError(error, request);
  }
  if (stopped) return;
  if (opts.signal?.aborted) {
    if (runId) await cancelRuns(ctx, agentId, [runId]);
    yield { message_type: 'stop_reason', stop_reason: 'cancelled' };
    return;
  }
  throw new LettaPlatformError(null, 'the stream ended before the agent stopped (no stop_reason)', request);
}

/** Cancels runs of an agent (`POST /v1/agents/{id}/messages/cancel`). */
export async function cancelRuns(ctx: MessagingContext, agentId: string, runIds: string[]): Promise<void> {
  const body = { run_ids: runIds };
  await callLetta({ method: 'POST', path: `/v1/agents/${agentId}/messages/cancel`, body }, () =>
    ctx.client.agents.messages.cancel(agentId, body),
  );
}

/**
 * Sends a message and returns the whole turn (`POST /v1/agents/{id}/messages`): its events, then
 * stop reason and usage. A turn longer than `timeout_ms` (default: the context's turn limit) is a
 * LettaPlatformError saying so; Letta goes on with the turn and keeps its reply in the history.
 */
export async function collectTurn(
  ctx: MessagingContext,
  agentId: string,
  message: InboundMessage,
  opts: { max_steps?: number; timeout_ms?: number } = {},
): Promise<AgentEvent[]> {
  const body = { messages: [toMessageCreate(message)], ...(opts.max_steps ? { max_steps: opts.max_steps } : {}) };
  const request: LettaRequest = { method: 'POST', path: `/v1/agents/${agentId}/messages`, body };
  const timeout = opts.timeout_ms ?? ctx.messageTimeoutMs;
  const send = () => ctx.client.agents.messages.create(agentId, body, { ...ONCE, timeout });
  const response = await readLetta(request, send, lettaResponse, 'turn').catch((error: unknown) => {
    if (!(error instanceof LettaPlatformError && error.cause instanceof APIConnectionTimeoutError)) throw error;
    const limit = timeout % 1000 ? `${timeout} ms` : `${timeout / 1000} s`;
    throw new LettaPlatformError(
      null,
      `no reply from agent ${agentId} within ${limit}; its turn goes on and its reply will be in its history`,
      error.request,
      undefined,
      { cause: error },
    );
  });
  const events = response.messages.flatMap((raw) => {
    const msg = parseLettaMessage(raw, request);
    return msg ? toAgentEvents(msg) : [];
  });
  const tail = [
    { message_type: 'stop_reason', ...response.stop_reason },
    { ...(response.usage as object), message_type: 'usage_statistics' },
  ];
  return [...events, ...tail.flatMap((raw) => toAgentEvents(parseLettaMessage(raw, request)!))];
}

/** Queues a message without waiting for the turn (`POST /v1/agents/{id}/messages/async`); resolves with the run id. */
export async function queueMessage(ctx: MessagingContext, agentId: string, message: InboundMessage): Promise<string | null> {
  const body = { messages: [toMessageCreate(message)] };
  const request: LettaRequest = { method: 'POST', path: `/v1/agents/${agentId}/messages/async`, body };
  const run = await readLetta(request, () => ctx.client.agents.messages.createAsync(agentId, body, ONCE), lettaRun, 'run');
  return run.id ?? null;
}

/**
 * The most recent messages (older than the message `before`), oldest first. `before` may be any
 * id this returned: one Letta message split into several events (parallel tool calls) has ids
 * `<message id>:<n>`, and Letta pages by the message id.
 */
export async function listHistory(
  ctx: MessagingContext,
  agentId: string,
  opts: { limit?: number; before?: string } = {},
): Promise<StoredMessage[]> {
  const before = opts.before?.replace(/:\d+$/, '');
  const query = { limit: opts.limit ?? 50, order: 'desc' as const, ...(before ? { before } : {}) };
  const request: LettaRequest = { method: 'GET', path: `/v1/agents/${agentId}/messages`, query };
  const page = await callLetta(request, () => ctx.client.agents.messages.list(agentId, query));
  const newestFirst = z.array(z.unknown()).parse(page.getPaginatedItems());
  return newestFirst.reverse().flatMap((raw) => {
    const msg = parseLettaMessage(raw, request);
    return msg ? toStoredMessages(agentId, msg) : [];
  });
}
