import type { Db } from '../db/client.ts';
import type { AgentEvent, AgentPlatform } from '../contracts/agent-platform.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import { localConversationTurns, type ConversationTurns } from './conversation-turns.ts';
import { ConversationNotFound, getConversation, prepareTurn } from './conversations.ts';

/** Longest user message accepted (characters). */
export const MAX_MESSAGE_CHARS = 20_000;
/** A comment line this often keeps proxies from closing a stream while a tool (e.g. a run) works. */
const HEARTBEAT_MS = 15_000;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * One chat turn as Server-Sent Events: the user's message goes to the conversation's agent and
 * every AgentEvent of its reaction is sent as `event: agent` with the event as JSON, then
 * `event: done` — or `event: error` with `{ message }` if the platform fails mid-turn (events
 * already sent stay valid; the history keeps what the agent did). Bad input is refused before
 * anything is sent: 400 (empty or too long), 404 (not the caller's conversation), 409 (a turn of
 * this conversation is still running, here or on another console sharing `turns`), 503 (that
 * cannot be checked: Redis unreachable). Closing the request cancels the turn.
 */
export async function streamTurn(deps: {
  db: Db;
  platform: AgentPlatform;
  clock: string | undefined;
  userId: string;
  conversationId: string;
  body: unknown;
  signal: AbortSignal;
  services?: ToolServices;
  /** Which conversations have a turn running (default: this process's; consoles sharing a Redis pass redisConversationTurns). */
  turns?: ConversationTurns;
}): Promise<Response> {
  const content =
    typeof (deps.body as { content?: unknown } | null)?.content === 'string' ? (deps.body as { content: string }).content.trim() : '';
  if (!content) return json(400, { error: 'invalid_input', message: 'send {"content": "<your message>"} with a non-empty message' });
  if (content.length > MAX_MESSAGE_CHARS)
    return json(400, {
      error: 'invalid_input',
      message: `a message may have at most ${MAX_MESSAGE_CHARS} characters (this one has ${content.length})`,
    });
  let row;
  try {
    row = await getConversation(deps.db, deps.userId, deps.conversationId);
  } catch (err) {
    if (err instanceof ConversationNotFound) return json(404, { error: 'not_found', message: err.message });
    throw err;
  }
  if (row.platform !== deps.platform.kind) {
    return json(409, {
      error: 'conflict',
      message: `this conversation lives on the ${row.platform} agent platform; the console now runs ${deps.platform.kind}`,
    });
  }
  let held;
  try {
    held = await (deps.turns ?? localConversationTurns).begin(row.id);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return json(503, { error: 'unavailable', message: `cannot tell whether this conversation has a turn running (${reason}); try again` });
  }
  if (!held) return json(409, { error: 'conflict', message: 'the agent is still answering the previous message' });
  const turn = held;
  const conversation = row;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      // After the client has gone, enqueue throws; the turn still finishes and is in the history.
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // stream cancelled by the client
        }
      };
      const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
      let last: ['done', object] | ['error', { message: string }] | null = null;
      try {
        await prepareTurn(deps.db, deps.platform, conversation, content, deps.clock, deps.services);
        for await (const event of deps.platform.streamMessage(conversation.agentId, { role: 'user', content }, { signal: deps.signal })) {
          send('agent', event satisfies AgentEvent);
        }
        last = ['done', {}];
      } catch (err) {
        if (!deps.signal.aborted) last = ['error', { message: err instanceof Error ? err.message : String(err) }];
      } finally {
        clearInterval(heartbeat);
        // Freed before the last event, so a client that sends its next message on `done` is not refused.
        await turn.end().catch(() => undefined); // a lease not given back expires on its own
        if (last) send(last[0], last[1]);
        try {
          controller.close();
        } catch {
          // the client went away: nothing to close
        }
      }
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
}
