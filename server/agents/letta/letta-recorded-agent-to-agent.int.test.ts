import { describe, expect, it } from 'vitest';
import { LettaPlatformError } from './errors.ts';
import { LettaAgentPlatform } from './letta-platform.ts';
import { startReplayServer, type Route } from './testing/replay-server.ts';
import { body, withLetta, type Json, worker } from './testing/letta-recorded-harness.ts';

/**
 * The Letta adapter against recorded Letta responses replayed by a local HTTP server
 * (letta-recorded-harness.ts; every request body the adapter sends is validated against the
 * document's request schema): agent-to-agent messages — asking by tags, waiting for a reply, and
 * reading them back.
 */
describe('recorded Letta responses', () => {
  describe('agent-to-agent', () => {
    it('sendMessageToAgentsMatchingTags asks every agent having all tags but the sender, and returns their replies', async () => {
      const [conductor, c1, c2] = [
        'agent-1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        'agent-2e3d4c5b-6f7a-4b8c-9dae-1f2a3b4c5d6e',
        'agent-3f4e5d6c-7a8b-4c9d-aebf-2a3b4c5d6e7f',
      ];
      const routes: Route[] = [
        { method: 'GET', path: '/v1/agents/', reply: { json: body('agents_matching') } },
        { method: 'POST', path: `/v1/agents/${c1}/messages`, reply: { json: body('turn_reply_c1') } },
        { method: 'POST', path: `/v1/agents/${c2}/messages`, reply: { json: body('turn_reply_c2') } },
      ];
      await withLetta(routes, async (platform, requests) => {
        const replies = await platform.sendMessageToAgentsMatchingTags(conductor, ['role:companion', 'session:s-1'], 'status?');
        expect(replies).toEqual([
          { agent_id: c1, reply: 'Idle; ready for a task.' },
          { agent_id: c2, reply: 'Busy with task t-7.' },
        ]);
        const posts = requests.filter((r) => r.method === 'POST');
        expect(posts.map((r) => r.url.pathname).sort()).toEqual([`/v1/agents/${c1}/messages`, `/v1/agents/${c2}/messages`]);
        for (const post of posts) {
          const content =
            `[Incoming message from agent with ID '${conductor}' - to reply to this message, ` +
            "make sure to use the 'send_message' at the end, and the system will notify the sender of your response] status?";
          expect(post.body).toEqual({ messages: [{ role: 'system', sender_id: conductor, content }] });
        }
      });
    });

    it('sendMessageToAgentAndWaitForReply with timeout_ms: a slower reply fails the wait, and the message is sent once (no retry)', async () => {
      const [from, to] = ['agent-1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'agent-2e3d4c5b-6f7a-4b8c-9dae-1f2a3b4c5d6e'];
      const server = await startReplayServer([
        { method: 'POST', path: `/v1/agents/${to}/messages`, reply: { json: body('turn_reply_c1') }, delayMs: 1500 },
      ]);
      // Retries allowed: a timed-out turn must still not be sent again.
      const platform = new LettaAgentPlatform({
        baseUrl: server.url,
        publicUrl: 'http://localhost:3000',
        loadTemplate: async () => worker,
        maxRetries: 2,
      });
      try {
        const failure = await platform.sendMessageToAgentAndWaitForReply(from, to, 'status?', { timeout_ms: 300 }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(LettaPlatformError);
        expect((failure as LettaPlatformError).message).toBe(
          `Letta POST /v1/agents/${to}/messages: no reply from agent ${to} within 300 ms; its turn goes on and its reply will be in its history`,
        );
        expect(server.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`POST /v1/agents/${to}/messages`]);
        expect(server.requests[0]!.problems).toEqual([]);
        // Within the limit the reply comes back.
        const quick = await startReplayServer([
          { method: 'POST', path: `/v1/agents/${to}/messages`, reply: { json: body('turn_reply_c1') }, delayMs: 50 },
        ]);
        const patient = new LettaAgentPlatform({
          baseUrl: quick.url,
          publicUrl: 'http://localhost:3000',
          loadTemplate: async () => worker,
          maxRetries: 0,
        });
        expect(await patient.sendMessageToAgentAndWaitForReply(from, to, 'status?', { timeout_ms: 5000 })).toBe('Idle; ready for a task.');
        await quick.close();
      } finally {
        await server.close();
      }
    });

    it('listMessages reads agent-to-agent messages: the sender from sender_id or, for system messages, the multi-agent preamble', async () => {
      const conductor = 'agent-1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
      const [c1, c2, strategist] = [
        'agent-2e3d4c5b-6f7a-4b8c-9dae-1f2a3b4c5d6e',
        'agent-3f4e5d6c-7a8b-4c9d-aebf-2a3b4c5d6e7f',
        'agent-4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d',
      ];
      const recordedHistory = body('conductor_history_delegated') as unknown as Json[];
      const routes: Route[] = [{ method: 'GET', path: `/v1/agents/${conductor}/messages`, reply: { json: recordedHistory } }];
      await withLetta(routes, async (platform, requests) => {
        const history = await platform.listMessages(conductor, { limit: 100, before: 'message-7e000020-5d6e-4f70-8a1b-2c3d4e5f6a7b:1' });
        // A split event's id pages by its message's id.
        expect(requests[0]!.url.searchParams.get('before')).toBe('message-7e000020-5d6e-4f70-8a1b-2c3d4e5f6a7b');
        expect(history.map((h) => h.id)).toEqual([...recordedHistory].reverse().map((r) => r.id));
        const senders = history.flatMap(({ id, event: e }) =>
          e.message_type === 'user_message' || e.message_type === 'system_message' ? [[id.slice(8, 16), e.sender_agent_id ?? null]] : [],
        );
        expect(senders).toEqual([
          ['7e000000', 'agent-5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e'],
          ['7e000001', null],
          ['7e000008', c1],
          ['7e000009', c1],
          ['7e00000b', c2],
          ['7e00000c', c2],
          // A user's message is the user's, whatever preamble it copies; a broadcast names nobody.
          ['7e00000d', null],
          ['7e00000e', null],
          ['7e00000f', strategist],
          ['7e000010', c2],
        ]);
        expect(history[5]).toEqual({
          id: 'message-7e000005-5d6e-4f70-8a1b-2c3d4e5f6a7b',
          agent_id: conductor,
          created_at: '2026-03-30T10:00:07Z',
          event: {
            message_type: 'tool_call_message',
            id: 'message-7e000005-5d6e-4f70-8a1b-2c3d4e5f6a7b',
            tool_call: {
              tool_call_id: 'call_d2',
              name: 'send_message_to_agent_async',
              arguments: expect.stringContaining(`"other_agent_id":"${c2}"`),
            },
          },
        });
        expect(history[9]!.event).toMatchObject({
          message_type: 'system_message',
          content: expect.stringMatching(/^\[Incoming message from agent with ID 'agent-2e3d.*\] \{"type":"task_result","task_id":"t-1"/),
        });
      });
    });
  });
});
