import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LettaAgentPlatform } from './letta-platform.ts';
import { lettaSchemaProblems } from './testing/openapi-schemas.ts';
import { recordingFetch } from './testing/prism.ts';
import { startReplayServer, type ReplayedRequest } from './testing/replay-server.ts';
import { loadAgentTemplate } from '../templates/load-template.ts';
import { ourMcpServerListing, registrationVia } from './testing/our-mcp-server.ts';
import { ids, lettaPrismHarness, type Json } from './testing/letta-platform.prism-harness.ts';

/**
 * The Letta adapter against the Letta OpenAPI document served by Prism (letta-platform.prism-harness.ts):
 * delegated mode (DCF+) — the Conductor, Companions and the Strategist
 * from their templates, shared blocks, tags, and the multi-agent tools. What Prism cannot answer meaningfully (streams, 404s, a real reply) is covered by
 * letta-recorded-*.int.test.ts.
 */
describe('Letta adapter against the Letta OpenAPI document (Prism)', () => {
  const harness = lettaPrismHarness({ started: true, covers: 'delegated' });
  const { log, exchanges, last } = harness;

  describe('delegated mode (DCF+): templates, shared blocks, tags, multi-agent tools', () => {
    const session = randomUUID();
    /** What Letta lists for our MCP server: a tool per tool of the registry, all of which /api/mcp serves. */
    const { served, server: mcpServer, routes } = ourMcpServerListing();
    const idOf = (name: string) => served.find((t) => t.name === name)?.id;
    let mcp: Awaited<ReturnType<typeof startReplayServer>>;
    /**
     * The adapter as delegated mode uses it, on the real templates: Prism answers every request but
     * our MCP server's registration, which the replay server answers with the listing above (Prism's
     * example lists one tool, so no template with our tools could be created from it).
     */
    let delegated: LettaAgentPlatform;

    beforeAll(async () => {
      for (const t of served) expect(lettaSchemaProblems('Tool', t), t.name).toEqual([]);
      expect(lettaSchemaProblems('StreamableHTTPMCPServer', mcpServer)).toEqual([]);
      mcp = await startReplayServer(routes);
      delegated = new LettaAgentPlatform({
        baseUrl: harness.prism.url,
        apiKey: 'letta-test-key',
        publicUrl: 'https://console.example.test',
        mcpToken: 'mcp-test-token',
        loadTemplate: async (name) => (await loadAgentTemplate(name)).file,
        maxRetries: 0,
        fetch: registrationVia(mcp.url, recordingFetch(log)),
      });
    });

    afterAll(async () => {
      const registration: ReplayedRequest[] = mcp?.requests ?? [];
      for (const r of registration) expect(r.problems, `${r.method} ${r.url.pathname}`).toEqual([]);
      await mcp?.close();
    });

    it(
      'creates the Conductor, a Companion and the Strategist from their templates: Letta’s tools by ' +
        'name, ours (the DCF+ tools) by id, shared blocks by id',
      async () => {
        const shared = { session_context: ids.block(), strategist_guidelines: ids.block() };
        const specs = {
          conductor: { template: 'conductor', name: 'conductor-compliance', tags: [`session:${session}`] },
          companion: {
            template: 'companion',
            name: `companion-${session.slice(0, 8)}-1`,
            tags: ['role:companion', `session:${session}`, 'specialization:transcription', 'status:idle'],
            block_ids: [shared.session_context],
          },
          strategist: {
            template: 'strategist',
            name: `strategist-${session.slice(0, 8)}`,
            tags: ['role:strategist', `session:${session}`],
            block_ids: [shared.session_context, shared.strategist_guidelines],
          },
        };
        for (const [template, spec] of Object.entries(specs)) {
          await delegated.createAgent(spec);
          const body = last('POST', '/v1/agents/').requestBody as Json;
          const file = (await loadAgentTemplate(template)).file as Json;
          const own = (file.tools as Json[]).filter((t) => (file.agents[0].tool_ids as string[]).includes(t.id));
          const lettas = own.filter((t) => String(t.tool_type).startsWith('letta_')).map((t) => t.name as string);
          const ours = own.filter((t) => t.tool_type === 'external_mcp').map((t) => t.name as string);
          expect(
            own.filter((t) => t.tool_type === 'letta_multi_agent_core').map((t) => t.name),
            template,
          ).toContain('send_message_to_agent_async');
          expect([...(body.tools as string[])].sort(), template).toEqual([...lettas].sort());
          expect([...(body.tool_ids as string[])].sort(), template).toEqual(ours.map((n) => idOf(n)).sort());
          expect(body, template).toMatchObject({
            name: spec.name,
            include_base_tools: false,
            metadata: { dcf_template: `${template}@1.0.0` },
          });
          expect(body.tags, template).toEqual([...new Set([...(file.agents[0].tags as string[]), ...spec.tags])]);
          expect(body.block_ids, template).toEqual('block_ids' in spec ? spec.block_ids : undefined);
        }
        // The DCF+ tools of each role are among them, each attached by its Letta tool id.
        const created = log
          .filter((e) => e.method === 'POST' && e.url.pathname === '/v1/agents/')
          .map((e) => (e.requestBody as Json).tool_ids as string[]);
        const [conductorTools, companionTools, strategistTools] = created.slice(-3);
        const conductorDcfPlus = [
          'create_companion',
          'dismiss_companion',
          'list_session_companions',
          'delegate_task',
          'broadcast_task',
          'update_session_context',
          'finalize_session',
          'read_session_activity',
        ];
        for (const name of conductorDcfPlus) expect(conductorTools, name).toContain(idOf(name));
        expect(companionTools).toContain(idOf('update_companion_status'));
        for (const name of ['read_session_activity', 'update_conductor_guidelines', 'read_shared_memory_blocks'])
          expect(strategistTools, name).toContain(idOf(name));
        expect(log.filter((e) => e.method === 'POST' && e.url.pathname === '/v1/agents/').at(-3)!.requestBody).toMatchObject({
          tools: expect.arrayContaining(['send_message_to_agents_matching_tags']),
        });
      },
    );

    it('a read-only shared block attached to two agents, its holders, tags and listing by tags with match-all, then detach and delete', async () => {
      const [conductor, companion] = [ids.agent(), ids.agent()];
      const value = JSON.stringify({
        session_id: session,
        conductor_id: conductor,
        user_goals: [],
        preferences: {},
        active_tasks: {},
        completed_tasks: [],
        companions: {},
      });
      const block = await delegated.createBlock({
        label: 'session_context',
        value,
        limit: 8000,
        description: 'Shared state of this delegated-mode session.',
        read_only: true,
      });
      expect(last('POST', '/v1/blocks/').requestBody).toEqual({
        label: 'session_context',
        value,
        limit: 8000,
        description: 'Shared state of this delegated-mode session.',
        read_only: true,
      });
      await delegated.attachBlock(conductor, block.id);
      await delegated.attachBlock(companion, block.id);
      expect(await delegated.listBlockAgents(block.id)).toEqual(['string']);
      expect(exchanges().map((e) => `${e.method} ${e.url.pathname}`)).toEqual([
        'POST /v1/blocks/',
        `PATCH /v1/agents/${conductor}/core-memory/blocks/attach/${block.id}`,
        `PATCH /v1/agents/${companion}/core-memory/blocks/attach/${block.id}`,
        `GET /v1/blocks/${block.id}/agents`,
      ]);

      const busy = ['role:companion', `session:${session}`, 'specialization:transcription', 'status:busy'];
      await delegated.setTags(companion, busy);
      expect(last('PATCH', `/v1/agents/${companion}`).requestBody).toEqual({ tags: busy });
      await delegated.listAgents({ tags: ['role:companion', `session:${session}`, 'status:idle'], match_all_tags: true });
      const q = last('GET', '/v1/agents/').url.searchParams;
      expect([q.getAll('tags'), q.get('match_all_tags')]).toEqual([['role:companion', `session:${session}`, 'status:idle'], 'true']);

      await delegated.detachBlock(companion, block.id);
      await delegated.detachBlock(conductor, block.id);
      expect(await delegated.deleteBlock(block.id)).toBe(true);
      expect(await delegated.deleteAgent(companion)).toBe(true);
      expect(
        exchanges()
          .slice(-4)
          .map((e) => `${e.method} ${e.url.pathname}`),
      ).toEqual([
        `PATCH /v1/agents/${companion}/core-memory/blocks/detach/${block.id}`,
        `PATCH /v1/agents/${conductor}/core-memory/blocks/detach/${block.id}`,
        `DELETE /v1/blocks/${block.id}`,
        `DELETE /v1/agents/${companion}`,
      ]);
    });

    it('attachTool: the multi-agent tools by name (the broadcast tool under its old and its new name), a DCF+ tool by its id', async () => {
      const agent = ids.agent();
      for (const name of [
        'send_message_to_agents_matching_all_tags',
        'send_message_to_agents_matching_tags',
        'send_message_to_agent_and_wait_for_reply',
      ])
        await delegated.attachTool(agent, name);
      const lookups = exchanges().filter((e) => e.url.pathname === '/v1/tools/');
      expect(lookups.map((e) => [e.url.searchParams.get('name'), e.url.searchParams.get('limit')])).toEqual([
        ['send_message_to_agents_matching_tags', '1'],
        ['send_message_to_agents_matching_tags', '1'],
        ['send_message_to_agent_and_wait_for_reply', '1'],
      ]);
      const attaches = exchanges().filter((e) => e.method === 'PATCH');
      expect(
        attaches.map((e, i) => e.url.pathname === `/v1/agents/${agent}/tools/attach/${(lookups[i]!.responseBody as Json[])[0]!.id}`),
      ).toEqual([true, true, true]);
      log.splice(0);
      await delegated.attachTool(agent, 'update_conductor_guidelines');
      expect(exchanges().map((e) => `${e.method} ${e.url.pathname}`)).toEqual([
        `PATCH /v1/agents/${agent}/tools/attach/${idOf('update_conductor_guidelines')}`,
      ]);
    });
  });
});
