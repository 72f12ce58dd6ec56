import { describe, expect, it } from 'vitest';
import { LettaPlatformError } from './errors.ts';
import { ids, lettaPrismHarness, type Json } from './testing/letta-platform.prism-harness.ts';

/**
 * The Letta adapter against the Letta OpenAPI document served by Prism (letta-platform.prism-harness.ts):
 * messages — a turn sent, streamed and listed — and agent-to-agent messages. What Prism cannot answer
 * meaningfully (streams, 404s, a real reply) is covered by letta-recorded-*.int.test.ts.
 */
describe('Letta adapter against the Letta OpenAPI document (Prism)', () => {
  const harness = lettaPrismHarness({ started: true, covers: 'messages' });
  const { exchanges, last } = harness;

  describe('messages', () => {
    it('sendMessage posts the message and reads the turn: its events, stop reason and usage', async () => {
      const agent = ids.agent();
      const events = await harness.platform.sendMessage(agent, { role: 'user', content: 'Analyse call 42.' }, { max_steps: 5 });
      const turn = last('POST', `/v1/agents/${agent}/messages`);
      expect(turn.requestBody).toEqual({ messages: [{ role: 'user', content: 'Analyse call 42.' }], max_steps: 5 });
      // Prism's example turn: one system message (not an event), stop reason, usage.
      expect(events).toEqual([
        { message_type: 'stop_reason', stop_reason: 'end_turn' },
        { message_type: 'usage_statistics', prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, step_count: 0 },
      ]);
    });

    it('streamMessage posts to /messages/stream; a stream without stop_reason is an error', async () => {
      const agent = ids.agent();
      const events: unknown[] = [];
      const failure = await (async () => {
        for await (const e of harness.platform.streamMessage(agent, { role: 'user', content: 'hi' }, { max_steps: 3 })) events.push(e);
      })().catch((e: unknown) => e);
      const stream = last('POST', `/v1/agents/${agent}/messages/stream`);
      expect(stream.requestBody).toEqual({
        messages: [{ role: 'user', content: 'hi' }],
        stream_tokens: false,
        include_pings: true,
        max_steps: 3,
      });
      expect(stream.requestHeaders.get('accept')).toBe('text/event-stream');
      expect(events).toEqual([]);
      expect(failure).toBeInstanceOf(LettaPlatformError);
      expect((failure as LettaPlatformError).message).toMatch(/stream ended before the agent stopped/);
    });

    it('listMessages reads the newest page and returns it oldest first', async () => {
      const agent = ids.agent();
      const history = await harness.platform.listMessages(agent, { limit: 20, before: 'message-00000000-0000-4000-8000-000000000000' });
      const q = last('GET', `/v1/agents/${agent}/messages`).url.searchParams;
      expect([q.get('limit'), q.get('order'), q.get('before')]).toEqual(['20', 'desc', 'message-00000000-0000-4000-8000-000000000000']);
      expect(history).toEqual([
        {
          id: 'string',
          agent_id: agent,
          created_at: '2019-08-24T14:15:22Z',
          event: { message_type: 'system_message', id: 'string', content: 'string', sender_agent_id: 'string' },
        },
      ]);
    });
  });

  describe('agent-to-agent', () => {
    it('sendMessageToAgentAsync queues a system message naming the sender (messages/async)', async () => {
      const [from, to] = [ids.agent(), ids.agent()];
      await harness.platform.sendMessageToAgentAsync(from, to, '{"type":"task_delegation","task_id":"t-1"}');
      expect(last('POST', `/v1/agents/${to}/messages/async`).requestBody).toEqual({
        messages: [
          {
            role: 'system',
            sender_id: from,
            content:
              `[Incoming message from agent with ID '${from}' - to reply to this message, make sure to use the 'send_message_to_agent_async' tool, ` +
              `or the agent will not receive your message] {"type":"task_delegation","task_id":"t-1"}`,
          },
        ],
      });
    });

    it('sendMessageToAgentAndWaitForReply sends and returns the assistant text of the turn (also with a timeout)', async () => {
      const [from, to] = [ids.agent(), ids.agent()];
      const reply = await harness.platform.sendMessageToAgentAndWaitForReply(from, to, 'status?');
      const turn = last('POST', `/v1/agents/${to}/messages`);
      const content =
        `[Incoming message from agent with ID '${from}' - to reply to this message, make sure to use the 'send_message' at the end, ` +
        'and the system will notify the sender of your response] status?';
      expect(turn.requestBody).toEqual({ messages: [{ role: 'system', sender_id: from, content }] });
      expect((turn.responseBody as Json).messages.some((m: Json) => m.message_type === 'assistant_message')).toBe(false);
      expect(reply).toBe('');
      // The timeout bounds the wait only: the request is the same.
      expect(await harness.platform.sendMessageToAgentAndWaitForReply(from, to, 'status?', { timeout_ms: 20_000 })).toBe('');
      expect(last('POST', `/v1/agents/${to}/messages`).requestBody).toEqual({ messages: [{ role: 'system', sender_id: from, content }] });
    });

    it('queueMessage queues a host message for the agent’s next turn (messages/async)', async () => {
      const agent = ids.agent();
      await harness.platform.queueMessage(agent, {
        role: 'user',
        content: '{"type":"session_observation","task_id":"t-1","status":"succeeded"}',
      });
      const queued = last('POST', `/v1/agents/${agent}/messages/async`);
      expect(queued.requestBody).toEqual({
        messages: [{ role: 'user', content: '{"type":"session_observation","task_id":"t-1","status":"succeeded"}' }],
      });
      expect(queued.responseBody).toMatchObject({ agent_id: expect.any(String) });
    });

    it('sendMessageToAgentsMatchingTags lists agents having all tags and asks each but the sender', async () => {
      const from = ids.agent();
      const replies = await harness.platform.sendMessageToAgentsMatchingTags(from, ['role:companion', 'session:s-1'], 'session update');
      const list = last('GET', '/v1/agents/');
      expect([list.url.searchParams.getAll('tags'), list.url.searchParams.get('match_all_tags')]).toEqual([
        ['role:companion', 'session:s-1'],
        'true',
      ]);
      const targets = (list.responseBody as Json[]).map((a) => a.id as string);
      expect(replies).toEqual(targets.map((agent_id) => ({ agent_id, reply: '' })));
      expect(
        exchanges()
          .filter((e) => e.method === 'POST')
          .map((e) => e.url.pathname),
      ).toEqual(targets.map((id) => `/v1/agents/${id}/messages`));
      await expect(harness.platform.sendMessageToAgentsMatchingTags(from, [], 'x')).rejects.toThrow(/at least one tag/);
    });
  });
});
