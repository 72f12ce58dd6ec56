import { describe, expect, it } from 'vitest';
import { LettaPlatformError } from './errors.ts';
import { type Route } from './testing/replay-server.ts';
import { AGENT, RUN, drain, m, streamRoute, withLetta } from './testing/letta-recorded-harness.ts';

/**
 * The Letta adapter against recorded Letta responses replayed by a local HTTP server
 * (letta-recorded-harness.ts; every request body the adapter sends is validated against the
 * document's request schema): streamed turns (SSE) — events in order, errors mid-stream, streams
 * cut short, cancelled and aborted runs.
 */
describe('recorded Letta responses', () => {
  describe('streamMessage (SSE)', () => {
    it('maps a turn to AgentEvents in order, skipping pings', async () => {
      await withLetta([streamRoute('turn-tool-call.sse')], async (platform, requests) => {
        const { events, error } = await drain(platform.streamMessage(AGENT, { role: 'user', content: 'Transcribe is done.' }));
        expect(error).toBeUndefined();
        expect(events).toEqual([
          { message_type: 'reasoning_message', id: m(1), reasoning: 'Transcription is done; Summarise may be ready.' },
          {
            message_type: 'tool_call_message',
            id: m(2),
            tool_call: {
              tool_call_id: 'call_8QdWm2',
              name: 'notify_if_ready',
              arguments: '{"workflow_id": "wf-42", "target_state": "Summarise"}',
            },
          },
          {
            message_type: 'tool_return_message',
            id: m(3),
            tool_call_id: 'call_8QdWm2',
            name: 'notify_if_ready',
            status: 'success',
            tool_return: '{"status": "notified", "target_state": "Summarise"}',
          },
          { message_type: 'reasoning_message', id: m(4), reasoning: 'Downstream notified; report back.' },
          { message_type: 'assistant_message', id: m(5), content: 'Transcribe finished; Summarise was notified.' },
          { message_type: 'stop_reason', stop_reason: 'end_turn' },
          { message_type: 'usage_statistics', prompt_tokens: 5120, completion_tokens: 182, total_tokens: 5302, step_count: 2 },
        ]);
        expect(requests.map((r) => r.body)).toEqual([
          { messages: [{ role: 'user', content: 'Transcribe is done.' }], stream_tokens: false, include_pings: true },
        ]);
        expect(requests[0]!.headers.accept).toBe('text/event-stream');
      });
    });

    it('splits parallel tool calls and returns, and shows an approval request as the pending tool call', async () => {
      await withLetta([streamRoute('turn-parallel-tools-approval.sse')], async (platform) => {
        const { events, error } = await drain(platform.streamMessage(AGENT, { role: 'user', content: 'go' }));
        expect(error).toBeUndefined();
        expect(events).toEqual([
          {
            message_type: 'tool_call_message',
            id: `${m(1)}:0`,
            tool_call: { tool_call_id: 'call_A1', name: 'read_workflow_control_plane', arguments: '{"workflow_id": "wf-42"}' },
          },
          {
            message_type: 'tool_call_message',
            id: `${m(1)}:1`,
            tool_call: {
              tool_call_id: 'call_B2',
              name: 'acquire_state_lease',
              arguments: '{"workflow_id": "wf-42", "state": "Transcribe"}',
            },
          },
          {
            message_type: 'tool_return_message',
            id: `${m(2)}:0`,
            tool_call_id: 'call_A1',
            name: '',
            status: 'success',
            tool_return: '{"status": "ok"}',
          },
          {
            message_type: 'tool_return_message',
            id: `${m(2)}:1`,
            tool_call_id: 'call_B2',
            name: '',
            status: 'error',
            tool_return: 'LeaseHeld: held by worker-7',
          },
          { message_type: 'assistant_message', id: m(3), content: 'The lease is held elsewhere; asking to delete the stale workflow.' },
          {
            message_type: 'tool_call_message',
            id: m(4),
            tool_call: { tool_call_id: 'call_C3', name: 'delete_workflow', arguments: '{"workflow_id": "wf-42"}' },
          },
          { message_type: 'stop_reason', stop_reason: 'requires_approval' },
          { message_type: 'usage_statistics', prompt_tokens: 5120, completion_tokens: 182, total_tokens: 5302, step_count: 3 },
        ]);
      });
    });

    it('an `event: error` frame mid-stream ends the stream with a LettaPlatformError carrying Letta’s error', async () => {
      await withLetta([streamRoute('error-mid-stream.sse')], async (platform) => {
        const { events, error } = await drain(platform.streamMessage(AGENT, { role: 'user', content: 'transcribe' }));
        expect(events.map((e) => e.message_type)).toEqual(['reasoning_message', 'tool_call_message', 'stop_reason']);
        expect(events[2]).toEqual({ message_type: 'stop_reason', stop_reason: 'llm_api_error' });
        expect(error).toBeInstanceOf(LettaPlatformError);
        const e = error as LettaPlatformError;
        expect(e.status).toBeNull();
        expect(e.request).toMatchObject({ method: 'POST', path: `/v1/agents/${AGENT}/messages/stream` });
        expect(e.message).toBe(
          `Letta POST /v1/agents/${AGENT}/messages/stream: llm_api_error: The LLM provider returned 529 Overloaded. (anthropic: overloaded_error)`,
        );
        expect(e.detail).toMatchObject({ run_id: RUN, error_type: 'llm_api_error' });
      });
    });

    it('an error_message event mid-stream is a LettaPlatformError too', async () => {
      await withLetta([streamRoute('error-message-event.sse')], async (platform) => {
        const { events, error } = await drain(platform.streamMessage(AGENT, { role: 'user', content: 'read' }));
        expect(events.map((e) => e.message_type)).toEqual(['reasoning_message']);
        expect((error as LettaPlatformError).message).toMatch(
          /error in the stream: internal_error: An unknown error occurred with the LLM streaming request\. \(ConnectionResetError\)$/,
        );
        expect((error as LettaPlatformError).detail).toMatchObject({ message_type: 'error_message', run_id: RUN });
      });
    });

    it('a stream cut short (connection dropped, no stop_reason) is a LettaPlatformError', async () => {
      await withLetta([streamRoute('dropped.sse')], async (platform) => {
        const { events, error } = await drain(platform.streamMessage(AGENT, { role: 'user', content: 'x' }));
        expect(events.map((e) => e.message_type)).toEqual(['reasoning_message']);
        expect(error).toBeInstanceOf(LettaPlatformError);
        expect((error as LettaPlatformError).status).toBeNull();
      });
    });

    it('a run cancelled on the server ends with stop_reason cancelled and its usage, without error', async () => {
      await withLetta([streamRoute('cancelled-by-server.sse')], async (platform, requests) => {
        const { events, error } = await drain(platform.streamMessage(AGENT, { role: 'user', content: 'x' }));
        expect(error).toBeUndefined();
        expect(events.slice(-2)).toEqual([
          { message_type: 'stop_reason', stop_reason: 'cancelled' },
          { message_type: 'usage_statistics', prompt_tokens: 5120, completion_tokens: 182, total_tokens: 5302, step_count: 1 },
        ]);
        expect(requests).toHaveLength(1);
      });
    });

    it('aborting the stream cancels the run on the server and ends with stop_reason cancelled', async () => {
      const cancel: Route = { method: 'POST', path: `/v1/agents/${AGENT}/messages/cancel`, reply: { json: { [RUN]: 'cancelled' } } };
      await withLetta([streamRoute('client-abort.sse'), cancel], async (platform, requests) => {
        const controller = new AbortController();
        const { events, error } = await drain(
          platform.streamMessage(AGENT, { role: 'user', content: 'x' }, { signal: controller.signal }),
          (e) => {
            if (e.message_type === 'tool_call_message') controller.abort();
          },
        );
        expect(error).toBeUndefined();
        expect(events.map((e) => e.message_type)).toEqual(['reasoning_message', 'tool_call_message', 'stop_reason']);
        expect(events.at(-1)).toEqual({ message_type: 'stop_reason', stop_reason: 'cancelled' });
        expect(requests.map((r) => [r.url.pathname, r.body])).toEqual([
          [`/v1/agents/${AGENT}/messages/stream`, expect.anything()],
          [`/v1/agents/${AGENT}/messages/cancel`, { run_ids: [RUN] }],
        ]);
      });
    });

    it('an HTTP error before the stream starts is a LettaPlatformError with the status and Letta’s detail', async () => {
      const missing: Route = {
        method: 'POST',
        path: `/v1/agents/${AGENT}/messages/stream`,
        reply: { status: 404, json: { detail: `Agent ${AGENT} not found` } },
      };
      await withLetta([missing], async (platform) => {
        const { events, error } = await drain(platform.streamMessage(AGENT, { role: 'user', content: 'x' }));
        expect(events).toEqual([]);
        expect(error).toMatchObject({
          name: 'LettaPlatformError',
          status: 404,
          message: `Letta POST /v1/agents/${AGENT}/messages/stream → 404: Agent ${AGENT} not found`,
        });
      });
    });
  });
});
