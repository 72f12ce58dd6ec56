import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AgentTemplateError, buildCreateAgentRequest, parseAgentFile } from './agent-file.ts';
import { lettaSchemaProblems } from './testing/openapi-schemas.ts';
import { TOOLS } from '../../tools/registry.ts';

/** The worker template of the worked example (§5.8), as an `.af` v2 file that validates against `AgentFileSchema`. */
const workerJson = JSON.parse(readFileSync(new URL('./fixtures/worker.af', import.meta.url), 'utf8')) as Record<string, unknown>;
const worker = parseAgentFile('worker', workerJson);

/** Our MCP server's tools as Letta registered them: name → Letta tool id. */
const served = new Map([
  ['read_workflow_control_plane', 'tool-11111111-1111-4111-8111-111111111111'],
  ['notify_next_worker_agent', 'tool-22222222-2222-4222-8222-222222222222'],
  ['notify_if_ready', 'tool-33333333-3333-4333-8333-333333333333'],
  ['acquire_state_lease', 'tool-44444444-4444-4444-8444-444444444444'],
  ['invoke_skill_tool', 'tool-55555555-5555-4555-8555-555555555555'],
  ['load_skill', 'tool-66666666-6666-4666-8666-666666666666'],
]);

describe('agent files → agents.create', () => {
  it('the fixture is a valid AgentFileSchema document', () => {
    expect(lettaSchemaProblems('AgentFileSchema', workerJson)).toEqual([]);
  });

  it('builds a CreateAgentRequest from the first agent: system, blocks by value, tags, our tools by id, built-ins by name', () => {
    const body = buildCreateAgentRequest(
      worker,
      { template: 'worker', name: 'worker-Transcribe', tags: ['workflow:wf-1'], tools: ['load_skill'] },
      served,
    );
    expect(lettaSchemaProblems('CreateAgentRequest', body)).toEqual([]);
    expect(body).toMatchObject({
      name: 'worker-Transcribe',
      agent_type: 'letta_v1_agent',
      system: expect.stringContaining('DCF worker agent'),
      description: 'DCF Worker Agent with a sleep-time companion.',
      llm_config: expect.objectContaining({ handle: 'openai/gpt-4.1' }),
      embedding_config: expect.objectContaining({ embedding_model: 'letta-free' }),
      tool_rules: [
        { tool_name: 'conversation_search', type: 'continue_loop' },
        { tool_name: 'send_message', type: 'exit_loop' },
      ],
      tags: ['role:worker', 'workflow:wf-1'],
      include_base_tools: false,
      enable_sleeptime: true,
      metadata: { owner: 'dcf', dcf_template: 'worker@1.0.0' },
    });
    expect(body.memory_blocks).toEqual([
      {
        label: 'persona',
        value: 'I am a DCF worker agent.',
        limit: 20000,
        description: 'The persona block: who I am and how I work.',
        read_only: false,
      },
      { label: 'human', value: 'The workflow designer.', limit: 20000, description: 'The human block.', read_only: false },
    ]);
    expect(new Set(body.tool_ids)).toEqual(
      new Set(
        [
          'read_workflow_control_plane',
          'notify_next_worker_agent',
          'notify_if_ready',
          'acquire_state_lease',
          'invoke_skill_tool',
          'load_skill',
        ].map((n) => served.get(n)),
      ),
    );
    // Letta's own tools go by name; the renamed broadcast tool under its current name.
    expect(new Set(body.tools)).toEqual(
      new Set(['conversation_search', 'send_message', 'send_message_to_agents_matching_tags', 'send_message_to_agent_async']),
    );
    // File-local ids never leave the file.
    expect(JSON.stringify(body)).not.toMatch(/"(agent|block|tool|group)-\d+"/);
  });

  it('adds the spec blocks and shared blocks, and the spec decides the sleep-time companion', () => {
    const body = buildCreateAgentRequest(
      worker,
      {
        template: 'worker',
        blocks: [{ label: 'task_context', value: '{}', limit: 8000, description: 'The task at hand.' }],
        block_ids: ['block-9d4f1e2a-1b2c-4d3e-8f40-123456789abc'],
        enable_sleeptime: false,
      },
      served,
    );
    expect(body.memory_blocks?.map((b) => b.label)).toEqual(['persona', 'human', 'task_context']);
    expect(body.memory_blocks?.[2]).toEqual({ label: 'task_context', value: '{}', limit: 8000, description: 'The task at hand.' });
    expect(body.block_ids).toEqual(['block-9d4f1e2a-1b2c-4d3e-8f40-123456789abc']);
    expect(body.enable_sleeptime).toBe(false);
    expect(body.name).toBe('worker');
  });

  it('a multi-agent tool asked for by the spec is Letta’s built-in even when our server has a tool of that name', () => {
    const shadowed = new Map([...served, ['send_message_to_agent_and_wait_for_reply', 'tool-77777777-7777-4777-8777-777777777777']]);
    const body = buildCreateAgentRequest(worker, { template: 'worker', tools: ['send_message_to_agent_and_wait_for_reply'] }, shadowed);
    expect(body.tools).toContain('send_message_to_agent_and_wait_for_reply');
    expect(body.tool_ids).not.toContain('tool-77777777-7777-4777-8777-777777777777');
  });

  it('refuses a template whose MCP tools our server does not serve, naming each', () => {
    const partial = new Map([...served].filter(([name]) => name !== 'notify_if_ready' && name !== 'invoke_skill_tool'));
    const attempt = () => buildCreateAgentRequest(worker, { template: 'worker' }, partial);
    expect(attempt).toThrow(AgentTemplateError);
    expect(attempt).toThrow(/tool "notify_if_ready" \(external_mcp\) is not served.*tool "invoke_skill_tool"/);
  });

  it('every shipped template (agents/templates/*.af) becomes a valid CreateAgentRequest when our server serves its MCP tools', () => {
    const dir = new URL('../../../agents/templates/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.af'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const json = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as { tools: Array<{ name: string; tool_type?: string }> };
      const ours = json.tools.filter((t) => !t.tool_type?.startsWith('letta_'));
      const mcp = new Map(ours.map((t, i) => [t.name, `tool-${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`]));
      const name = file.replace(/\.af$/, '');
      const body = buildCreateAgentRequest(parseAgentFile(name, json), { template: name }, mcp);
      expect(lettaSchemaProblems('CreateAgentRequest', body), file).toEqual([]);
      expect(body.metadata, file).toMatchObject({ dcf_template: expect.stringMatching(new RegExp(`^${name}(@.+)?$`)) });
      expect(body.system, file).toBeTruthy();
    }
  });

  it('the delegated-mode templates need no tool our MCP endpoint does not serve: DCF+ tools by id, multi-agent tools by name', () => {
    // /api/mcp serves every registry tool; Letta lists them under the ids it gave them.
    const endpoint = new Map(TOOLS.map((t, i) => [t.name, `tool-${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`]));
    for (const name of ['conductor', 'companion', 'strategist']) {
      const json = JSON.parse(readFileSync(new URL(`../../../agents/templates/${name}.af`, import.meta.url), 'utf8')) as {
        tools: Array<{ name: string; tool_type: string }>;
      };
      const body = buildCreateAgentRequest(parseAgentFile(name, json), { template: name }, endpoint);
      const mcp = json.tools.filter((t) => t.tool_type === 'external_mcp').map((t) => t.name);
      expect(body.tool_ids, name).toEqual(mcp.map((n) => endpoint.get(n)));
      expect(body.tools, name).toEqual(json.tools.filter((t) => t.tool_type.startsWith('letta_')).map((t) => t.name));
      expect(body.tools, name).toContain('send_message_to_agent_async');
    }
  });

  it('refuses dangling references and malformed files', () => {
    const dangling = parseAgentFile('broken', { ...workerJson, blocks: [] });
    expect(() => buildCreateAgentRequest(dangling, { template: 'broken' }, served)).toThrow(
      /refers to block "block-0", which the file does not define/,
    );
    expect(() => parseAgentFile('empty', { agents: [] })).toThrow(
      /Agent template "empty" cannot be used: agents: an agent file needs at least one agent/,
    );
    expect(() => parseAgentFile('nonsense', 'not an agent file')).toThrow(AgentTemplateError);
  });
});
