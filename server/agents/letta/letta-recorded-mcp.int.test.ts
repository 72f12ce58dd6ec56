import { describe, expect, it } from 'vitest';
import { UnknownToolError } from './errors.ts';
import { type Route } from './testing/replay-server.ts';
import { AGENT, body, withLetta, type Json } from './testing/letta-recorded-harness.ts';

/**
 * The Letta adapter against recorded Letta responses replayed by a local HTTP server
 * (letta-recorded-harness.ts; every request body the adapter sends is validated against the
 * document's request schema): our MCP server's registration and agents created from templates.
 */
describe('recorded Letta responses', () => {
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
});
