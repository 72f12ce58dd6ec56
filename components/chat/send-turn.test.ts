import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '@/server/contracts/agent-platform';
import { interpretChatEvent, sendTurn } from './send-turn';

const sse = (text: string, status = 200) =>
  new Response(new TextEncoder().encode(text), { status, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
const agent = (e: AgentEvent) => `event: agent\ndata: ${JSON.stringify(e)}\n\n`;

async function run(response: Response | (() => Promise<Response>), signal?: AbortSignal) {
  const events: AgentEvent[] = [];
  let accepted = false;
  let request: { url: string; init?: RequestInit } | null = null;
  const outcome = await sendTurn('3f0c8a7e-0000-4000-8000-000000000001', 'Hello', {
    signal,
    onAccepted: () => (accepted = true),
    onEvent: (e) => events.push(e),
    fetch: (async (url: string, init?: RequestInit) => {
      request = { url, init };
      return typeof response === 'function' ? response() : response;
    }) as typeof fetch,
  });
  return { outcome, events, accepted, request: request! as { url: string; init?: RequestInit } };
}

describe('interpretChatEvent', () => {
  it('maps agent, done and error events; ignores others; flags unreadable agent data', () => {
    expect(interpretChatEvent({ event: 'agent', data: '{"message_type":"stop_reason","stop_reason":"end_turn"}', id: '' })).toEqual({
      kind: 'agent',
      event: { message_type: 'stop_reason', stop_reason: 'end_turn' },
    });
    expect(interpretChatEvent({ event: 'done', data: '{}', id: '' })).toEqual({ kind: 'done' });
    expect(interpretChatEvent({ event: 'error', data: '{"message":"letta is down"}', id: '' })).toEqual({
      kind: 'error',
      message: 'letta is down',
    });
    expect(interpretChatEvent({ event: 'message', data: 'x', id: '' })).toEqual({ kind: 'ignored' });
    expect(interpretChatEvent({ event: 'agent', data: 'not json', id: '' }).kind).toBe('error');
  });
});

describe('sendTurn', () => {
  it('POSTs {content} and reports each event until done', async () => {
    const r = await run(
      sse(
        agent({ message_type: 'reasoning_message', id: 'r1', reasoning: 'thinking' }) +
          ': keep-alive\n\n' +
          agent({ message_type: 'assistant_message', id: 'a1', content: 'Hi' }) +
          'event: done\ndata: {}\n\n',
      ),
    );
    expect(r.request.url).toBe('/api/chat/3f0c8a7e-0000-4000-8000-000000000001/messages');
    expect(r.request.init?.method).toBe('POST');
    expect(JSON.parse(String(r.request.init?.body))).toEqual({ content: 'Hello' });
    expect(r.accepted).toBe(true);
    expect(r.events.map((e) => e.message_type)).toEqual(['reasoning_message', 'assistant_message']);
    expect(r.outcome).toEqual({ kind: 'done' });
  });

  it('a refusal before streaming carries the server message and is not accepted', async () => {
    const r = await run(
      new Response(JSON.stringify({ error: 'conflict', message: 'the agent is still answering the previous message' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(r.outcome).toEqual({ kind: 'refused', status: 409, message: 'the agent is still answering the previous message' });
    expect(r.accepted).toBe(false);
  });

  it('event: error ends the turn with its message, after the events before it', async () => {
    const r = await run(
      sse(
        agent({ message_type: 'assistant_message', id: 'a1', content: 'partial' }) +
          'event: error\ndata: {"message":"platform failed"}\n\n',
      ),
    );
    expect(r.events).toHaveLength(1);
    expect(r.outcome).toEqual({ kind: 'error', message: 'platform failed' });
  });

  it('a stream that ends without done is interrupted', async () => {
    expect((await run(sse(agent({ message_type: 'assistant_message', id: 'a1', content: 'x' })))).outcome).toEqual({ kind: 'interrupted' });
  });

  it('aborting stops the turn (before the response, and while streaming)', async () => {
    const before = new AbortController();
    before.abort();
    const r1 = await run(() => Promise.reject(Object.assign(new Error('aborted'), { name: 'AbortError' })), before.signal);
    expect(r1.outcome).toEqual({ kind: 'stopped' });

    const during = new AbortController();
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode(agent({ message_type: 'assistant_message', id: 'a1', content: 'x' })));
        during.signal.addEventListener('abort', () => c.error(Object.assign(new Error('aborted'), { name: 'AbortError' })));
      },
    });
    const events: AgentEvent[] = [];
    const outcome = await sendTurn('id', 'Hi', {
      signal: during.signal,
      onEvent: (e) => {
        events.push(e);
        during.abort();
      },
      fetch: (async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } })) as typeof fetch,
    });
    expect(events).toHaveLength(1);
    expect(outcome).toEqual({ kind: 'stopped' });
  });

  it('a network failure is a refusal with status 0; a non-stream answer is an error', async () => {
    const r = await run(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(r.outcome).toMatchObject({ kind: 'refused', status: 0 });
    expect((await run(new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }))).outcome.kind).toBe('error');
  });
});
