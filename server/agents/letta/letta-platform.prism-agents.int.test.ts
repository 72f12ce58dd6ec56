import { describe, expect, it } from 'vitest';
import { AgentTemplateError } from './agent-file.ts';
import { LettaPlatformError } from './errors.ts';
import { ids, lettaPrismHarness, type Json, worker } from './testing/letta-platform.prism-harness.ts';

/**
 * The Letta adapter against the Letta OpenAPI document served by Prism (letta-platform.prism-harness.ts):
 * start() — our MCP endpoint registered — and the agents: created from
 * templates, read, listed by tags, tagged and deleted, and a request the API rejects. What Prism cannot answer
 * meaningfully (streams, 404s, a real reply) is covered by
 * letta-recorded-*.int.test.ts.
 */
describe('Letta adapter against the Letta OpenAPI document (Prism)', () => {
  const harness = lettaPrismHarness({ started: false, covers: 'agents' });
  const { log, exchanges, last } = harness;

  it('start() registers our MCP endpoint as a streamable HTTP server with a bearer token, then lists its tools', async () => {
    await harness.platform.start();
    expect(exchanges().map((e) => `${e.method} ${e.url.pathname}`)).toEqual([
      'GET /v1/mcp-servers/',
      'POST /v1/mcp-servers/',
      `GET /v1/mcp-servers/${(last('POST', '/v1/mcp-servers/').responseBody as Json).id}/tools`,
    ]);
    // Prism's list has no server of our name, so one is created.
    expect((last('GET', '/v1/mcp-servers/').responseBody as Json[]).map((s) => s.server_name)).not.toContain('dcf-console');
    expect(last('POST', '/v1/mcp-servers/').requestBody).toEqual({
      server_name: 'dcf-console',
      config: {
        mcp_server_type: 'streamable_http',
        server_url: 'https://console.example.test/api/mcp',
        auth_header: 'Authorization',
        auth_token: 'Bearer mcp-test-token',
      },
    });
    const [tool] = exchanges().at(-1)!.responseBody as Json[];
    harness.servedTool = { id: tool!.id, name: tool!.name };
    // Registered once: later needs reuse the result.
    await harness.platform.start();
    expect(exchanges()).toHaveLength(3);
  });

  describe('agents', () => {
    it('createAgent refuses a template whose MCP tools our server does not serve, before creating anything', async () => {
      const failure = await harness.platform.createAgent({ template: 'worker' }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(AgentTemplateError);
      expect((failure as AgentTemplateError).problems).toEqual(
        ['read_workflow_control_plane', 'notify_next_worker_agent', 'notify_if_ready', 'acquire_state_lease', 'invoke_skill_tool'].map(
          (n) => `tool "${n}" (external_mcp) is not served by the DCF MCP server`,
        ),
      );
      expect(exchanges().filter((e) => e.url.pathname === '/v1/agents/')).toEqual([]);
    });

    it('createAgent creates from the template with agents.create: our tools by id, Letta built-ins by name, blocks, tags, sleep-time', async () => {
      const shared = ids.block();
      const summary = await harness.platform.createAgent({
        template: 'worker-letta-only',
        name: 'worker-transcribe',
        tags: ['workflow:wf-1', 'state:Transcribe'],
        tools: [harness.servedTool.name],
        block_ids: [shared],
        blocks: [{ label: 'task_context', value: '{}' }],
      });
      const create = last('POST', '/v1/agents/');
      expect(create.requestBody).toMatchObject({
        name: 'worker-transcribe',
        agent_type: 'letta_v1_agent',
        system: worker.agents[0].system,
        tags: ['role:worker', 'workflow:wf-1', 'state:Transcribe'],
        tool_ids: [harness.servedTool.id],
        tools: ['conversation_search', 'send_message', 'send_message_to_agents_matching_tags', 'send_message_to_agent_async'],
        block_ids: [shared],
        memory_blocks: [{ label: 'persona' }, { label: 'human' }, { label: 'task_context', value: '{}' }],
        include_base_tools: false,
        enable_sleeptime: true,
        metadata: { owner: 'dcf', dcf_template: 'worker-letta-only@1.0.0' },
      });
      // Prism's AgentState example, read into a summary.
      expect(summary).toEqual({
        id: 'string',
        name: 'string',
        template: null,
        tags: ['string'],
        tools: ['string'],
        block_ids: ['block-123e4567-e89b-12d3-a456-426614174000'],
        sleeptime_agent_id: null,
        created_at: '2019-08-24T14:15:22Z',
        model: 'string',
      });
    });

    it('getAgent asks for the relationships a summary needs', async () => {
      const id = ids.agent();
      const summary = await harness.platform.getAgent(id);
      const get = last('GET', `/v1/agents/${id}`);
      expect(get.url.searchParams.getAll('include').sort()).toEqual(['agent.blocks', 'agent.managed_group', 'agent.tags', 'agent.tools']);
      expect(summary).toMatchObject({
        id: 'string',
        tags: ['string'],
        tools: ['string'],
        block_ids: ['block-123e4567-e89b-12d3-a456-426614174000'],
      });
    });

    it('getAgents reads each distinct id once, a few at a time (Letta has no batch read)', async () => {
      const [a, b] = [ids.agent(), ids.agent()];
      const before = log.length;
      const summaries = await harness.platform.getAgents([a, b, a]);
      const gets = log.slice(before).filter((e) => e.method === 'GET' && e.url.pathname.startsWith('/v1/agents/agent-'));
      expect(gets.map((e) => e.url.pathname).sort()).toEqual([`/v1/agents/${a}`, `/v1/agents/${b}`].sort());
      expect(summaries).toHaveLength(2);
    });

    it('listAgents filters by tags with match_all_tags (all by default, any on request) and by name', async () => {
      const all = await harness.platform.listAgents({ tags: ['role:companion', 'session:s-1'] });
      const q = last('GET', '/v1/agents/').url.searchParams;
      expect(q.getAll('tags')).toEqual(['role:companion', 'session:s-1']);
      expect(q.get('match_all_tags')).toBe('true');
      expect(q.get('limit')).toBe('100');
      expect(all.map((a) => a.id)).toEqual(['string']);

      await harness.platform.listAgents({ tags: ['role:planner'], match_all_tags: false, name: 'planner' });
      const q2 = last('GET', '/v1/agents/').url.searchParams;
      expect([q2.getAll('tags'), q2.get('match_all_tags'), q2.get('name')]).toEqual([['role:planner'], 'false', 'planner']);
    });

    it('setTags replaces the tags; deleteAgent deletes', async () => {
      const id = ids.agent();
      const summary = await harness.platform.setTags(id, ['role:companion', 'status:busy']);
      expect(last('PATCH', `/v1/agents/${id}`).requestBody).toEqual({ tags: ['role:companion', 'status:busy'] });
      expect(summary.id).toBe('string');
      expect(await harness.platform.deleteAgent(id)).toBe(true);
      expect(last('DELETE', `/v1/agents/${id}`)).toBeDefined();
    });

    it('a request the API rejects is a LettaPlatformError with its status, message and request (and the harness sees the violation)', async () => {
      harness.violationsExpected = true;
      const failure = await harness.platform.getAgent('agent-not-a-uuid').catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(LettaPlatformError);
      const error = failure as LettaPlatformError;
      expect(error.status).toBe(422);
      expect(error.request).toMatchObject({ method: 'GET', path: '/v1/agents/agent-not-a-uuid' });
      expect(error.message).toMatch(/^Letta GET \/v1\/agents\/agent-not-a-uuid → 422: /);
      expect(last('GET', '/v1/agents/agent-not-a-uuid').violations.map((v) => v.location.join('.'))).toContain('request.path.agent_id');
    });
  });
});
