import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../testing/test-database.ts';
import { isKnownTool } from '../local/agent-tools.ts';
import { AGENT_FILE_SCHEMA_FILE, agentFileSchemaFromOpenApi } from './extract-agent-file-schema.ts';
import { defaultTemplatesDir, listAgentTemplates, loadAgentTemplate, TemplateError } from './load-template.ts';
import { validateAgentFile } from './validate-agent-file.ts';

const SHIPPED = ['companion', 'conductor', 'generic-worker', 'planner', 'strategist', 'worker'];

describe('shipped agent templates', () => {
  it('are the five roles, each a valid .af v2 file whose tools all exist', async () => {
    expect(defaultTemplatesDir()).toBe(path.join(PROJECT_ROOT, 'agents', 'templates'));
    expect(await listAgentTemplates()).toEqual(SHIPPED);
    for (const name of SHIPPED) {
      const t = await loadAgentTemplate(name, { isKnownTool });
      expect(t.ref).toBe(`${name}@1.0.0`);
      expect(t.main.name).toBe(name);
      expect(t.main.system).toMatch(/^<base_instructions>[\s\S]{800,}<\/base_instructions>$/);
      expect(t.aliases).toEqual([`agent_template_${name.replaceAll('-', '_')}`]);
      expect(t.main.tags).toContain(`role:${name}`);
    }
  });

  it('give the Planner and the Worker the tools of spec §1.5, and both a sleep-time companion (§5.7/§5.8)', async () => {
    const planner = await loadAgentTemplate('planner', { isKnownTool });
    expect(planner.toolNamesOf(planner.main)).toEqual(
      expect.arrayContaining([
        'get_skillset',
        'validate_skill_manifest',
        'validate_workflow',
        'create_workflow_control_plane',
        'create_worker_agents',
        'read_workflow_control_plane',
        'notify_next_worker_agent',
        'notify_if_ready',
        'finalize_workflow',
        'store_memory',
        'append_graph_episode',
        'conversation_search',
        'send_message',
      ]),
    );
    // Issue 15: people and products resolved through the CRM, a run's arguments checked, rankings and explanations from QA results.
    expect(planner.toolNamesOf(planner.main)).toEqual(
      expect.arrayContaining(['list_advisors', 'list_products', 'count_calls', 'summarise_qa_results', 'list_qa_results', 'get_qa_result']),
    );
    const worker = await loadAgentTemplate('worker', { isKnownTool });
    expect(worker.toolNamesOf(worker.main).sort()).toEqual([
      'acquire_state_lease',
      'append_graph_episode',
      'conversation_search',
      'declare_tool_call_plan',
      'get_tool_call_plan',
      'invoke_skill_tool',
      'load_skill',
      'notify_if_ready',
      'notify_next_worker_agent',
      'read_workflow_control_plane',
      'send_message',
      'store_memory',
      'unload_skill',
      'update_tool_call_plan',
      'update_workflow_control_plane',
    ]);
    for (const t of [planner, worker]) {
      expect(t.sleeptime!.name).toBe(`${t.name}-sleeptime`);
      expect(t.toolNamesOf(t.sleeptime!).sort()).toEqual(['memory_finish_edits', 'memory_insert', 'memory_replace', 'memory_rethink']);
      expect(t.blocksOf(t.sleeptime!).map((b) => b.label)).toEqual(['persona', 'human', 'memory_persona']);
      expect(t.sleeptimeFrequency).toBe(5);
    }
  });

  it('instruct the Planner to resolve, check and confirm with tools it holds (what a model reads as its system prompt)', async () => {
    const planner = await loadAgentTemplate('planner', { isKnownTool });
    const attached = new Set(planner.toolNamesOf(planner.main));
    const named = [...new Set(planner.main.system!.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [])].filter(isKnownTool);
    expect(named.filter((n) => !attached.has(n))).toEqual([]);
    expect(named).toEqual(
      expect.arrayContaining([
        'list_advisors',
        'list_products',
        'count_calls',
        'start_workflow_run',
        'validate_workflow',
        'save_workflow',
        'summarise_qa_results',
        'list_qa_results',
        'get_qa_result',
        'send_message',
      ]),
    );
    // count_calls is introduced before the run it guards, and validation before saving.
    const at = (text: string) => planner.main.system!.indexOf(text);
    expect(at('call count_calls')).toBeGreaterThan(0);
    expect(at('call count_calls')).toBeLessThan(at('Run with start_workflow_run'));
    expect(at('Validate every new or changed workflow with validate_workflow')).toBeLessThan(at('Save it with save_workflow'));
  });

  it('give the delegated-mode roles their multi-agent tools and blocks', async () => {
    const conductor = await loadAgentTemplate('conductor', { isKnownTool });
    expect(conductor.toolNamesOf(conductor.main)).toEqual(
      expect.arrayContaining(['send_message_to_agent_async', 'send_message_to_agents_matching_tags', 'load_skill', 'unload_skill']),
    );
    expect(conductor.blocksOf(conductor.main).map((b) => b.label)).toEqual(['persona', 'companion_registry']);
    const companion = await loadAgentTemplate('companion', { isKnownTool });
    expect(companion.toolNamesOf(companion.main)).toEqual(
      expect.arrayContaining(['send_message_to_agent_async', 'load_skill', 'unload_skill']),
    );
    expect(companion.blocksOf(companion.main).map((b) => b.label)).toEqual(['persona', 'task_context', 'dcf_active_skills']);
    const strategist = await loadAgentTemplate('strategist', { isKnownTool });
    expect(strategist.blocksOf(strategist.main).map((b) => b.label)).toEqual(['persona', 'observation_buffer', 'pattern_library']);
  });

  it('attach the three planning tools to every role and report as the sentinel mode (issue 17)', async () => {
    for (const name of ['planner', 'worker', 'conductor', 'companion', 'strategist']) {
      const t = await loadAgentTemplate(name, { isKnownTool });
      expect(t.toolNamesOf(t.main), name).toEqual(
        expect.arrayContaining(['declare_tool_call_plan', 'update_tool_call_plan', 'get_tool_call_plan']),
      );
      expect(t.sentinelMode, name).toBe('report');
    }
  });

  it('resolve by alias and version', async () => {
    expect((await loadAgentTemplate('agent_template_worker@1.0.0')).name).toBe('worker');
    await expect(loadAgentTemplate('worker@1.1.0')).rejects.toThrow(/version 1.0.0, not 1.1.0/);
    await expect(loadAgentTemplate('../secrets')).rejects.toThrow(/not a template name/);
    await expect(loadAgentTemplate('reviewer')).rejects.toThrow(
      /no agent template "reviewer".*known: companion, conductor, generic-worker, planner, strategist, worker/,
    );
  });
});

describe('the agent file schema', () => {
  it('is exactly the AgentFileSchema closure of the vendored Letta OpenAPI document', async () => {
    const openapi = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'server/agents/letta/fixtures/letta-openapi.json'), 'utf8'));
    const extracted = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'server/agents/templates', AGENT_FILE_SCHEMA_FILE), 'utf8'));
    // On a mismatch: node --import tsx server/agents/templates/extract-agent-file-schema.ts server/agents/letta/fixtures/letta-openapi.json
    expect(extracted).toEqual(agentFileSchemaFromOpenApi(openapi));
    expect(Object.keys(extracted.$defs)).toEqual(
      expect.arrayContaining([
        'AgentFileSchema',
        'BlockSchema',
        'MCPServerSchema',
        'letta__schemas__agent_file__AgentSchema',
        'letta__schemas__agent_file__ToolSchema',
      ]),
    );
  });

  it('rejects what Letta would: missing sections, unknown tool types, wrong shapes', () => {
    expect(
      validateAgentFile({})
        .map((i) => i.path)
        .sort(),
    ).toEqual(['/agents', '/blocks', '/files', '/groups', '/mcp_servers', '/sources', '/tools']);
    const base = {
      agents: [{ id: 'agent-0', name: 'x', system: 'be useful' }],
      groups: [],
      blocks: [],
      files: [],
      sources: [],
      tools: [],
      mcp_servers: [],
    };
    expect(validateAgentFile(base)).toEqual([]);
    // The spec's own appendix writes tool_type "dcf", which Letta's enum does not have: MCP tools are external_mcp.
    const dcfType = validateAgentFile({ ...base, tools: [{ id: 'tool-0', name: 'get_skillset', tool_type: 'dcf' }] });
    expect(dcfType).toEqual([expect.objectContaining({ path: '/tools/0/tool_type', message: expect.stringContaining('external_mcp') })]);
    expect(validateAgentFile({ ...base, agents: [{ name: 'x' }] })).toEqual([
      expect.objectContaining({ path: '/agents/0/id', message: '"id" is required' }),
    ]);
    expect(validateAgentFile({ ...base, blocks: [{ id: 'b', label: 'persona', value: 3 }] })).toEqual([
      expect.objectContaining({ path: '/blocks/0/value' }),
    ]);
  });
});

describe('a broken template', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-af-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const worker = async () => JSON.parse(await readFile(path.join(defaultTemplatesDir(), 'worker.af'), 'utf8'));
  const broken = async (name: string, edit: (af: Record<string, any>) => void): Promise<TemplateError> => {
    const af = await worker();
    af.metadata.template_name = name;
    edit(af);
    await writeFile(path.join(dir, `${name}.af`), JSON.stringify(af, null, 2));
    const err = await loadAgentTemplate(name, { dir, isKnownTool }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TemplateError);
    return err as TemplateError;
  };

  it('is refused with every problem named by JSON pointer', async () => {
    const err = await broken('dangling', (af) => {
      af.agents[0].tool_ids.push('tool-99');
      af.agents[0].block_ids.push('block-7');
      af.agents[0].system = '  ';
      af.agents[0].tool_rules.push({ tool_name: 'memory_rethink', type: 'exit_loop' });
      af.tools[3].name = 'delete_everything';
    });
    expect(err.message).toMatch(/^agent template "dangling" is not a valid Letta agent file \(\.af v2\):/);
    expect(err.issues.map((i) => `${i.path} ${i.code}`)).toEqual([
      '/tools/3/name agent_file.unknown_tool',
      '/agents/0/system agent_file.missing_system',
      '/agents/0/block_ids/2 agent_file.unknown_block',
      '/agents/0/tool_ids/15 agent_file.unknown_tool_id',
      '/agents/0/tool_rules/2/tool_name agent_file.unknown_rule_tool',
    ]);
    expect(err.message).toContain('/agents/0/tool_ids/15: no tool with id "tool-99"');
    expect(err.message).toContain('tool "delete_everything" is neither a tool of the DCF tool registry nor one the agent runtime provides');
  });

  it('is refused when it breaks the schema, the sleep-time group or its metadata', async () => {
    const schema = await broken('badschema', (af) => {
      af.agents[0].agent_type = 'planner_agent';
      delete af.files;
    });
    expect(schema.issues.map((i) => i.path).sort()).toEqual(['/agents/0/agent_type', '/files']);
    const group = await broken('badgroup', (af) => {
      af.groups[0].manager_config.manager_agent_id = 'agent-1';
    });
    expect(group.issues).toEqual([
      expect.objectContaining({ path: '/groups/0/manager_config/manager_agent_id', code: 'agent_file.sleeptime_manager' }),
    ]);
    const twoMains = await broken('twomains', (af) => {
      af.agents[1].agent_type = 'letta_v1_agent';
      af.groups = [];
    });
    expect(twoMains.issues).toEqual([expect.objectContaining({ path: '/agents', code: 'agent_file.main_agent' })]);
    const mcp = await broken('nomcp', (af) => {
      af.mcp_servers = [];
    });
    expect(mcp.issues.every((i) => i.code === 'agent_file.unknown_mcp_server')).toBe(true);
    const named = await broken('misnamed', (af) => {
      af.metadata.template_name = 'worker';
    });
    expect(named.issues).toEqual([expect.objectContaining({ path: '/metadata/template_name' })]);
    const mode = await broken('badmode', (af) => {
      af.metadata.sentinel_mode = 'strict';
    });
    expect(mode.issues).toEqual([expect.objectContaining({ path: '/metadata/sentinel_mode', code: 'agent_file.sentinel_mode' })]);
    await writeFile(path.join(dir, 'notjson.af'), '{"agents": [');
    await expect(loadAgentTemplate('notjson', { dir })).rejects.toThrow(
      /agent template "notjson" \(.*notjson\.af\) cannot be read as JSON/,
    );
  });
});
