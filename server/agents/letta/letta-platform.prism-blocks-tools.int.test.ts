import { describe, expect, it } from 'vitest';
import { ids, lettaPrismHarness, type Json } from './testing/letta-platform.prism-harness.ts';
import type { AgentTemplate } from '../templates/load-template.ts';
import { templateStamp, upgradeAgent } from '../templates/upgrade-agent.ts';

/**
 * The Letta adapter against the Letta OpenAPI document served by Prism (letta-platform.prism-harness.ts):
 * memory blocks (created, read, updated, attached and listed) and tools
 * (ours by their Letta id, Letta's built-ins by name, listed and detached). What Prism cannot answer meaningfully (streams, 404s, a real reply) is covered by
 * letta-recorded-*.int.test.ts.
 */
describe('Letta adapter against the Letta OpenAPI document (Prism)', () => {
  const harness = lettaPrismHarness({ started: true, covers: 'blocks_tools' });
  const { log, exchanges, last } = harness;

  describe('memory blocks', () => {
    it('createBlock / getBlock / updateBlock / deleteBlock', async () => {
      const created = await harness.platform.createBlock({
        label: 'session_context',
        value: '{"session_id":"s-1"}',
        limit: 8000,
        description: 'Shared session state.',
        read_only: false,
      });
      expect(last('POST', '/v1/blocks/').requestBody).toEqual({
        label: 'session_context',
        value: '{"session_id":"s-1"}',
        limit: 8000,
        description: 'Shared session state.',
        read_only: false,
      });
      const example = { id: 'string', label: 'string', value: 'string', limit: 100000, description: 'string', read_only: false };
      expect(created).toEqual(example);

      const id = ids.block();
      expect(await harness.platform.getBlock(id)).toEqual(example);
      expect(await harness.platform.updateBlock(id, { value: 'v2', limit: 9000, description: undefined })).toEqual(example);
      expect(last('PATCH', `/v1/blocks/${id}`).requestBody).toEqual({ value: 'v2', limit: 9000 });
      expect(await harness.platform.deleteBlock(id)).toBe(true);
      expect(last('DELETE', `/v1/blocks/${id}`)).toBeDefined();
    });

    it('attachBlock / detachBlock / listAgentBlocks / listBlockAgents', async () => {
      const agent = ids.agent();
      const block = ids.block();
      await harness.platform.attachBlock(agent, block);
      await harness.platform.detachBlock(agent, block);
      expect(exchanges().map((e) => `${e.method} ${e.url.pathname}`)).toEqual([
        `PATCH /v1/agents/${agent}/core-memory/blocks/attach/${block}`,
        `PATCH /v1/agents/${agent}/core-memory/blocks/detach/${block}`,
      ]);
      expect(await harness.platform.listAgentBlocks(agent)).toEqual([
        { id: 'string', label: 'string', value: 'string', limit: 100000, description: 'string', read_only: false },
      ]);
      expect(await harness.platform.listBlockAgents(block)).toEqual(['string']);
      expect(last('GET', `/v1/blocks/${block}/agents`).url.searchParams.get('limit')).toBe('100');
    });
  });

  describe('tools', () => {
    it('attachTool attaches one of our MCP tools by its Letta id, without looking Letta tools up', async () => {
      const agent = ids.agent();
      await harness.platform.attachTool(agent, harness.servedTool.name);
      expect(exchanges().map((e) => `${e.method} ${e.url.pathname}`)).toEqual([
        `PATCH /v1/agents/${agent}/tools/attach/${harness.servedTool.id}`,
      ]);
    });

    it('attachTool attaches Letta’s built-in multi-agent tool, under its current name', async () => {
      const agent = ids.agent();
      await harness.platform.attachTool(agent, 'send_message_to_agents_matching_all_tags');
      const lookup = last('GET', '/v1/tools/');
      expect(lookup.url.searchParams.get('name')).toBe('send_message_to_agents_matching_tags');
      const [found] = lookup.responseBody as Json[];
      expect(last('PATCH', `/v1/agents/${agent}/tools/attach/`).url.pathname).toBe(`/v1/agents/${agent}/tools/attach/${found!.id}`);
    });

    it('listAgentTools names the tools; detachTool detaches by the id of the agent’s tool of that name, and does nothing for a tool it lacks', async () => {
      const agent = ids.agent();
      const names = await harness.platform.listAgentTools(agent);
      const listed = last('GET', `/v1/agents/${agent}/tools`).responseBody as Json[];
      expect(names).toEqual(listed.map((t) => t.name));
      await harness.platform.detachTool(agent, names[0]!);
      expect(last('PATCH', `/v1/agents/${agent}/tools/detach/`).url.pathname).toBe(`/v1/agents/${agent}/tools/detach/${listed[0]!.id}`);
      log.splice(0);
      await harness.platform.detachTool(agent, 'a_tool_it_does_not_have');
      expect(exchanges().map((e) => e.method)).toEqual(['GET']);
    });

    it('an agent is brought up to date with its template (upgradeAgent) through these calls and a tag', async () => {
      const agent = (await harness.platform.getAgent(ids.agent()))!;
      const [had] = await harness.platform.listAgentTools(agent.id);
      // A template that gained Letta's multi-agent tool and retired the tool the agent has.
      const gained = 'send_message_to_agents_matching_tags';
      const template = {
        ref: 'planner@1.0.0',
        main: { id: 'agent-0' },
        sleeptime: null,
        file: { metadata: { retired_tools: had } },
        toolNamesOf: () => [gained],
      } as unknown as AgentTemplate;
      log.splice(0);
      const stamp = templateStamp(template);
      expect(await upgradeAgent(harness.platform, agent, template)).toEqual({
        agent_id: agent.id,
        stamp,
        attached: [gained],
        detached: [had],
      });
      const [found] = last('GET', '/v1/tools/').responseBody as Json[];
      const listed = last('GET', `/v1/agents/${agent.id}/tools`).responseBody as Json[];
      expect(exchanges().map((e) => `${e.method} ${e.url.pathname}`)).toEqual([
        `GET /v1/agents/${agent.id}/tools`,
        'GET /v1/tools/',
        `PATCH /v1/agents/${agent.id}/tools/attach/${found!.id}`,
        `GET /v1/agents/${agent.id}/tools`,
        `PATCH /v1/agents/${agent.id}/tools/detach/${listed[0]!.id}`,
        `PATCH /v1/agents/${agent.id}`,
      ]);
      expect(last('PATCH', `/v1/agents/${agent.id}`).requestBody).toEqual({
        tags: [...agent.tags, `template-tools:${stamp}`, `template-upgraded:${stamp}`],
      });
    });
  });
});
