import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../contracts/agent-platform.ts';
import { LettaPlatformError, UnknownToolError } from './errors.ts';
import { LettaAgentPlatform } from './letta-platform.ts';
import { lettaSchemaProblems } from './testing/openapi-schemas.ts';
import { FIXTURES, fixtureText, sseFrames, startReplayServer, type ReplayedRequest, type Route } from './testing/replay-server.ts';

/**
 * The Letta adapter against recorded Letta responses replayed by a local HTTP server: SSE streams
 * (fixtures/*.sse), JSON responses (fixtures/recorded-responses.json) and error statuses that Prism
 * cannot produce. Every fixture follows the Letta OpenAPI document (first test), and every request
 * body the adapter sends is validated against the document's request schema.
 */

type Json = Record<string, any>; // recorded documents, read loosely
const recorded = JSON.parse(fixtureText('recorded-responses.json')) as Record<string, { schema: string; body: Json }>;
const body = (name: string) => recorded[name]!.body;
const RUN = 'run-4b6f2c1e-9a7d-4e3b-8c21-5f0d9e8a7b61';
const AGENT = 'agent-6a1f0e2d-3c4b-4a59-8e7d-6f5a4b3c2d1e';
const m = (i: number) => `message-${i.toString(16).padStart(8, '0')}-1c2d-4e5f-8a9b-0c1d2e3f4a5b`;
const worker = JSON.parse(fixtureText('worker.af')) as unknown;

async function withLetta(routes: Route[], run: (platform: LettaAgentPlatform, requests: ReplayedRequest[]) => Promise<void>) {
  const server = await startReplayServer(routes);
  const platform = new LettaAgentPlatform({
    baseUrl: server.url,
    apiKey: 'letta-test-key',
    publicUrl: 'https://console.example.test',
    mcpToken: 'mcp-test-token',
    loadTemplate: async (name) => (name === 'worker' ? worker : Promise.reject(new Error(`no template ${name}`))),
    maxRetries: 0,
  });
  try {
    await run(platform, server.requests);
    for (const r of server.requests) {
      expect(r.problems, `${r.method} ${r.url.pathname}`).toEqual([]);
      expect(r.headers.authorization).toBe('Bearer letta-test-key');
    }
  } finally {
    await server.close();
  }
}

const streamRoute = (fixture: string): Route => ({
  method: 'POST',
  path: `/v1/agents/${AGENT}/messages/stream`,
  reply: { sse: fixtureText(fixture) },
});

/** Reads a stream to its end or first error; the events seen and the error, if any. */
async function drain(
  stream: AsyncIterable<AgentEvent>,
  onEvent?: (e: AgentEvent) => void,
): Promise<{ events: AgentEvent[]; error?: unknown }> {
  const events: AgentEvent[] = [];
  try {
    for await (const e of stream) {
      events.push(e);
      onEvent?.(e);
    }
    return { events };
  } catch (error) {
    return { events, error };
  }
}

describe('recorded Letta responses', () => {
  it('every fixture follows the Letta OpenAPI document', () => {
    for (const [name, { schema, body: value }] of Object.entries(recorded)) {
      const [component, many] = schema.endsWith('[]') ? [schema.slice(0, -2), true] : [schema, false];
      for (const item of many ? (value as unknown as unknown[]) : [value]) expect(lettaSchemaProblems(component, item), name).toEqual([]);
    }
    const sse = readdirSync(FIXTURES).filter((f) => f.endsWith('.sse'));
    expect(sse.length).toBeGreaterThanOrEqual(7);
    for (const file of sse) {
      for (const frame of sseFrames(readFileSync(new URL(file, FIXTURES), 'utf8'))) {
        if (frame.data === null || frame.data === '[DONE]') continue;
        const component = frame.event === 'error' ? 'LettaErrorMessage' : 'LettaStreamingResponse';
        expect(lettaSchemaProblems(component, JSON.parse(frame.data)), `${file}: ${frame.data.slice(0, 80)}`).toEqual([]);
      }
    }
  });

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

  describe('MCP registration and agents from templates', () => {
    const MCP = body('mcp_server_updated').id as string;
    const registered: Route[] = [
      { method: 'GET', path: '/v1/mcp-servers/', reply: { json: body('mcp_servers_existing') } },
      { method: 'PATCH', path: `/v1/mcp-servers/${MCP}`, reply: { json: body('mcp_server_updated') } },
      { method: 'PATCH', path: `/v1/mcp-servers/${MCP}/refresh`, reply: { json: {} } },
      { method: 'GET', path: `/v1/mcp-servers/${MCP}/tools`, reply: { json: body('mcp_tools') } },
    ];

    it('reuses our MCP server of the same name (new URL and token, tools refreshed) and creates the agent with our tools by id', async () => {
      const routes: Route[] = [...registered, { method: 'POST', path: '/v1/agents/', reply: { json: body('agent_created') } }];
      await withLetta(routes, async (platform, requests) => {
        const summary = await platform.createAgent({ template: 'worker', name: 'worker-transcribe', tags: ['workflow:wf-42'] });
        expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
          'GET /v1/mcp-servers/',
          `PATCH /v1/mcp-servers/${MCP}`,
          `PATCH /v1/mcp-servers/${MCP}/refresh`,
          `GET /v1/mcp-servers/${MCP}/tools`,
          'POST /v1/agents/',
        ]);
        expect(requests[1]!.body).toEqual({
          config: {
            mcp_server_type: 'streamable_http',
            server_url: 'https://console.example.test/api/mcp',
            auth_header: 'Authorization',
            auth_token: 'Bearer mcp-test-token',
          },
        });
        const tools = body('mcp_tools') as unknown as Json[];
        const idOf = (name: string) => tools.find((t) => t.name === name)!.id as string;
        expect(requests[4]!.body).toMatchObject({
          name: 'worker-transcribe',
          tool_ids: [
            'read_workflow_control_plane',
            'notify_next_worker_agent',
            'notify_if_ready',
            'acquire_state_lease',
            'invoke_skill_tool',
          ].map(idOf),
          tools: ['conversation_search', 'send_message', 'send_message_to_agents_matching_tags', 'send_message_to_agent_async'],
          enable_sleeptime: true,
        });
        expect(summary).toEqual({
          id: AGENT,
          name: 'worker-transcribe',
          template: 'worker@1.0.0',
          tags: ['role:worker', 'workflow:wf-42'],
          tools: [
            'conversation_search',
            'send_message',
            'send_message_to_agents_matching_tags',
            'send_message_to_agent_async',
            'read_workflow_control_plane',
            'notify_next_worker_agent',
            'notify_if_ready',
            'acquire_state_lease',
            'invoke_skill_tool',
          ],
          block_ids: (body('agent_created').blocks as Json[]).map((b) => b.id),
          sleeptime_agent_id: 'agent-9e8d7c6b-5a49-4382-b716-0f1e2d3c4b5a',
          created_at: '2026-03-30T09:59:58Z',
          // The model Letta names for the agent (its recorded AgentState), as evaluation runs record it.
          model: 'gpt-4.1',
        });
      });
    });

    it('attachTool resolves our tool’s name to its id; a name nobody serves is an UnknownToolError after a fresh look', async () => {
      const routes: Route[] = [
        ...registered,
        { method: 'PATCH', path: /^\/v1\/agents\/[^/]+\/tools\/attach\/[^/]+$/, reply: { json: body('agent_created') } },
        { method: 'GET', path: '/v1/tools/', reply: { json: [] } },
      ];
      await withLetta(routes, async (platform, requests) => {
        await platform.attachTool(AGENT, 'load_skill');
        const loadSkill = (body('mcp_tools') as unknown as Json[]).find((t) => t.name === 'load_skill')!.id as string;
        expect(requests.at(-1)!.url.pathname).toBe(`/v1/agents/${AGENT}/tools/attach/${loadSkill}`);
        const before = requests.length;
        await expect(platform.attachTool(AGENT, 'no_such_tool')).rejects.toBeInstanceOf(UnknownToolError);
        expect(requests.slice(before).map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
          `GET /v1/mcp-servers/${MCP}/tools`,
          'GET /v1/tools/?name=no_such_tool&limit=1',
        ]);
      });
    });

    it('refuses to take over a server of our name that is not streamable HTTP', async () => {
      await withLetta([{ method: 'GET', path: '/v1/mcp-servers/', reply: { json: body('mcp_servers_conflict') } }], async (platform) => {
        await expect(platform.start()).rejects.toThrow(/an MCP server named "dcf-console" already exists as stdio/);
      });
    });
  });

  describe('errors and not-found', () => {
    const BLOCK = 'block-00000001-3b4c-4d5e-9f60-718293a4b5c6';
    const notFound = { status: 404, json: { detail: 'Not found' } };

    it('404 is null or false where the port says so', async () => {
      const routes: Route[] = [
        { method: 'GET', path: `/v1/agents/${AGENT}`, reply: notFound },
        { method: 'DELETE', path: `/v1/agents/${AGENT}`, reply: notFound },
        { method: 'GET', path: `/v1/blocks/${BLOCK}`, reply: notFound },
        { method: 'DELETE', path: `/v1/blocks/${BLOCK}`, reply: notFound },
      ];
      await withLetta(routes, async (platform) => {
        expect(await platform.getAgent(AGENT)).toBeNull();
        expect(await platform.deleteAgent(AGENT)).toBe(false);
        expect(await platform.getBlock(BLOCK)).toBeNull();
        expect(await platform.deleteBlock(BLOCK)).toBe(false);
      });
    });

    it('other failures are LettaPlatformErrors with status, Letta’s message and the request (secrets redacted)', async () => {
      const routes: Route[] = [
        { method: 'GET', path: `/v1/blocks/${BLOCK}`, reply: { status: 500, json: { detail: 'database unavailable' } } },
        {
          method: 'PATCH',
          path: `/v1/blocks/${BLOCK}`,
          reply: {
            status: 422,
            json: { detail: [{ loc: ['body', 'limit'], msg: 'Input should be greater than 0', type: 'greater_than' }] },
          },
        },
        { method: 'GET', path: '/v1/mcp-servers/', reply: { json: [] } },
        {
          method: 'POST',
          path: '/v1/mcp-servers/',
          reply: { status: 409, json: { detail: 'MCP server with name dcf-console already exists' } },
        },
      ];
      await withLetta(routes, async (platform) => {
        await expect(platform.getBlock(BLOCK)).rejects.toMatchObject({
          status: 500,
          message: `Letta GET /v1/blocks/${BLOCK} → 500: database unavailable`,
          request: { method: 'GET', path: `/v1/blocks/${BLOCK}` },
        });
        await expect(platform.updateBlock(BLOCK, { limit: 0 })).rejects.toMatchObject({
          status: 422,
          message: expect.stringMatching(/→ 422: body\.limit: Input should be greater than 0$/),
          request: { body: { limit: 0 } },
        });
        const conflict = await platform.start().catch((e: unknown) => e);
        expect(conflict).toMatchObject({
          status: 409,
          request: {
            method: 'POST',
            path: '/v1/mcp-servers/',
            body: { server_name: 'dcf-console', config: { auth_token: '[redacted]', server_url: 'https://console.example.test/api/mcp' } },
          },
        });
      });
    });

    it('an unreachable Letta is a LettaPlatformError without status', async () => {
      const server = await startReplayServer([]);
      const url = server.url;
      await server.close();
      const platform = new LettaAgentPlatform({
        baseUrl: url,
        publicUrl: 'http://localhost:3000',
        loadTemplate: async () => worker,
        maxRetries: 0,
      });
      await expect(platform.listAgents()).rejects.toMatchObject({
        name: 'LettaPlatformError',
        status: null,
        request: { method: 'GET', path: '/v1/agents/' },
      });
    });
  });

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
          const content = `[Incoming message from agent with ID '${conductor}' - to reply to this message, make sure to use the 'send_message' at the end, and the system will notify the sender of your response] status?`;
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
