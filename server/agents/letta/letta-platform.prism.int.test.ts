import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentTemplateError } from './agent-file.ts';
import { systemActor } from '../../contracts/audit-actor.ts';
import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { memories } from '../../db/schema/index.ts';
import { testConfig } from '../../testing/test-config.ts';
import { PROJECT_ROOT } from '../../testing/test-database.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { storeMemoryTool } from '../../tools/learning/store-memory.ts';
import { LettaPlatformError } from './errors.ts';
import { LettaAgentPlatform } from './letta-platform.ts';
import { lettaSchemaProblems } from './testing/openapi-schemas.ts';
import { recordingFetch, startPrism, type Exchange } from './testing/prism.ts';
import { startReplayServer, type ReplayedRequest } from './testing/replay-server.ts';
import { ourMcpServerListing, registrationVia } from './testing/our-mcp-server.ts';
import { loadAgentTemplate } from '../templates/load-template.ts';

/**
 * Contract of the Letta adapter against the Letta REST API document (fixtures/letta-openapi.json)
 * served by Prism with `--errors`: every request the adapter makes must conform to the document
 * (no `sl-violations`; see PrismTranslator in testing/prism.ts for the two Prism/document faults
 * the recorder works around), and the
 * adapter must read the responses Prism generates from the document's examples. What Prism cannot
 * answer meaningfully (streams, 404s, a real reply) is covered by letta-recorded.int.test.ts.
 */

const ids = { agent: () => `agent-${randomUUID()}`, block: () => `block-${randomUUID()}` };
type Json = Record<string, any>; // recorded documents, read loosely

const worker = JSON.parse(readFileSync(new URL('./fixtures/worker.af', import.meta.url), 'utf8')) as Json;
/** The worker template without our MCP tools (Prism's MCP server lists one tool, named by its example). */
const workerLettaOnly = {
  ...worker,
  agents: [
    {
      ...worker.agents[0],
      tool_ids: (worker.agents[0].tool_ids as string[]).filter(
        (id) => worker.tools.find((t: Json) => t.id === id).tool_type !== 'external_mcp',
      ),
    },
    worker.agents[1],
  ],
};
const templates: Record<string, unknown> = { worker, 'worker-letta-only': workerLettaOnly };

let prism: Awaited<ReturnType<typeof startPrism>>;
let platform: LettaAgentPlatform;
const log: Exchange[] = [];
/** Adapter methods the tests called. */
const exercised = new Set<string>();
/** Set by the one test that sends an invalid request on purpose. */
let violationsExpected = false;

const exchanges = () => [...log];
const last = (method: string, pathStart: string) => {
  const found = log.filter((e) => e.method === method && e.url.pathname.startsWith(pathStart)).at(-1);
  if (!found)
    throw new Error(`no ${method} ${pathStart}… request was made; made: ${log.map((e) => `${e.method} ${e.url.pathname}`).join(', ')}`);
  return found;
};

beforeAll(async () => {
  prism = await startPrism();
  const real = new LettaAgentPlatform({
    baseUrl: prism.url,
    apiKey: 'letta-test-key',
    publicUrl: 'https://console.example.test/',
    mcpToken: 'mcp-test-token',
    loadTemplate: async (name) => {
      if (!(name in templates)) throw new Error(`no template ${name}`);
      return templates[name];
    },
    maxRetries: 0,
    fetch: recordingFetch(log),
  });
  platform = new Proxy(real, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      exercised.add(prop);
      return value.bind(target);
    },
  });
}, 200_000);

afterAll(async () => {
  await prism?.stop();
});

afterEach(() => {
  for (const exchange of log.splice(0)) {
    const where = `${exchange.method} ${exchange.url.pathname}${exchange.url.search}`;
    if (!violationsExpected) {
      expect(exchange.violations, where).toEqual([]);
      expect(exchange.status, where).toBeLessThan(300);
    }
    expect(exchange.requestHeaders.get('authorization'), where).toBe('Bearer letta-test-key');
  }
  violationsExpected = false;
});

describe('Letta adapter against the Letta OpenAPI document (Prism)', () => {
  let servedTool: { id: string; name: string };

  it('start() registers our MCP endpoint as a streamable HTTP server with a bearer token, then lists its tools', async () => {
    await platform.start();
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
    servedTool = { id: tool!.id, name: tool!.name };
    // Registered once: later needs reuse the result.
    await platform.start();
    expect(exchanges()).toHaveLength(3);
  });

  describe('agents', () => {
    it('createAgent refuses a template whose MCP tools our server does not serve, before creating anything', async () => {
      const failure = await platform.createAgent({ template: 'worker' }).catch((e: unknown) => e);
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
      const summary = await platform.createAgent({
        template: 'worker-letta-only',
        name: 'worker-transcribe',
        tags: ['workflow:wf-1', 'state:Transcribe'],
        tools: [servedTool.name],
        block_ids: [shared],
        blocks: [{ label: 'task_context', value: '{}' }],
      });
      const create = last('POST', '/v1/agents/');
      expect(create.requestBody).toMatchObject({
        name: 'worker-transcribe',
        agent_type: 'letta_v1_agent',
        system: worker.agents[0].system,
        tags: ['role:worker', 'workflow:wf-1', 'state:Transcribe'],
        tool_ids: [servedTool.id],
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
      const summary = await platform.getAgent(id);
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
      const summaries = await platform.getAgents([a, b, a]);
      const gets = log.slice(before).filter((e) => e.method === 'GET' && e.url.pathname.startsWith('/v1/agents/agent-'));
      expect(gets.map((e) => e.url.pathname).sort()).toEqual([`/v1/agents/${a}`, `/v1/agents/${b}`].sort());
      expect(summaries).toHaveLength(2);
    });

    it('listAgents filters by tags with match_all_tags (all by default, any on request) and by name', async () => {
      const all = await platform.listAgents({ tags: ['role:companion', 'session:s-1'] });
      const q = last('GET', '/v1/agents/').url.searchParams;
      expect(q.getAll('tags')).toEqual(['role:companion', 'session:s-1']);
      expect(q.get('match_all_tags')).toBe('true');
      expect(q.get('limit')).toBe('100');
      expect(all.map((a) => a.id)).toEqual(['string']);

      await platform.listAgents({ tags: ['role:planner'], match_all_tags: false, name: 'planner' });
      const q2 = last('GET', '/v1/agents/').url.searchParams;
      expect([q2.getAll('tags'), q2.get('match_all_tags'), q2.get('name')]).toEqual([['role:planner'], 'false', 'planner']);
    });

    it('setTags replaces the tags; deleteAgent deletes', async () => {
      const id = ids.agent();
      const summary = await platform.setTags(id, ['role:companion', 'status:busy']);
      expect(last('PATCH', `/v1/agents/${id}`).requestBody).toEqual({ tags: ['role:companion', 'status:busy'] });
      expect(summary.id).toBe('string');
      expect(await platform.deleteAgent(id)).toBe(true);
      expect(last('DELETE', `/v1/agents/${id}`)).toBeDefined();
    });

    it('a request the API rejects is a LettaPlatformError with its status, message and request (and the harness sees the violation)', async () => {
      violationsExpected = true;
      const failure = await platform.getAgent('agent-not-a-uuid').catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(LettaPlatformError);
      const error = failure as LettaPlatformError;
      expect(error.status).toBe(422);
      expect(error.request).toMatchObject({ method: 'GET', path: '/v1/agents/agent-not-a-uuid' });
      expect(error.message).toMatch(/^Letta GET \/v1\/agents\/agent-not-a-uuid → 422: /);
      expect(last('GET', '/v1/agents/agent-not-a-uuid').violations.map((v) => v.location.join('.'))).toContain('request.path.agent_id');
    });
  });

  describe('memory blocks', () => {
    it('createBlock / getBlock / updateBlock / deleteBlock', async () => {
      const created = await platform.createBlock({
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
      expect(await platform.getBlock(id)).toEqual(example);
      expect(await platform.updateBlock(id, { value: 'v2', limit: 9000, description: undefined })).toEqual(example);
      expect(last('PATCH', `/v1/blocks/${id}`).requestBody).toEqual({ value: 'v2', limit: 9000 });
      expect(await platform.deleteBlock(id)).toBe(true);
      expect(last('DELETE', `/v1/blocks/${id}`)).toBeDefined();
    });

    it('attachBlock / detachBlock / listAgentBlocks / listBlockAgents', async () => {
      const agent = ids.agent();
      const block = ids.block();
      await platform.attachBlock(agent, block);
      await platform.detachBlock(agent, block);
      expect(exchanges().map((e) => `${e.method} ${e.url.pathname}`)).toEqual([
        `PATCH /v1/agents/${agent}/core-memory/blocks/attach/${block}`,
        `PATCH /v1/agents/${agent}/core-memory/blocks/detach/${block}`,
      ]);
      expect(await platform.listAgentBlocks(agent)).toEqual([
        { id: 'string', label: 'string', value: 'string', limit: 100000, description: 'string', read_only: false },
      ]);
      expect(await platform.listBlockAgents(block)).toEqual(['string']);
      expect(last('GET', `/v1/blocks/${block}/agents`).url.searchParams.get('limit')).toBe('100');
    });
  });

  describe('tools', () => {
    it('attachTool attaches one of our MCP tools by its Letta id, without looking Letta tools up', async () => {
      const agent = ids.agent();
      await platform.attachTool(agent, servedTool.name);
      expect(exchanges().map((e) => `${e.method} ${e.url.pathname}`)).toEqual([`PATCH /v1/agents/${agent}/tools/attach/${servedTool.id}`]);
    });

    it('attachTool attaches Letta’s built-in multi-agent tool, under its current name', async () => {
      const agent = ids.agent();
      await platform.attachTool(agent, 'send_message_to_agents_matching_all_tags');
      const lookup = last('GET', '/v1/tools/');
      expect(lookup.url.searchParams.get('name')).toBe('send_message_to_agents_matching_tags');
      const [found] = lookup.responseBody as Json[];
      expect(last('PATCH', `/v1/agents/${agent}/tools/attach/`).url.pathname).toBe(`/v1/agents/${agent}/tools/attach/${found!.id}`);
    });

    it('listAgentTools names the tools; detachTool detaches by the id of the agent’s tool of that name, and does nothing for a tool it lacks', async () => {
      const agent = ids.agent();
      const names = await platform.listAgentTools(agent);
      const listed = last('GET', `/v1/agents/${agent}/tools`).responseBody as Json[];
      expect(names).toEqual(listed.map((t) => t.name));
      await platform.detachTool(agent, names[0]!);
      expect(last('PATCH', `/v1/agents/${agent}/tools/detach/`).url.pathname).toBe(`/v1/agents/${agent}/tools/detach/${listed[0]!.id}`);
      log.splice(0);
      await platform.detachTool(agent, 'a_tool_it_does_not_have');
      expect(exchanges().map((e) => e.method)).toEqual(['GET']);
    });
  });

  describe('messages', () => {
    it('sendMessage posts the message and reads the turn: its events, stop reason and usage', async () => {
      const agent = ids.agent();
      const events = await platform.sendMessage(agent, { role: 'user', content: 'Analyse call 42.' }, { max_steps: 5 });
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
        for await (const e of platform.streamMessage(agent, { role: 'user', content: 'hi' }, { max_steps: 3 })) events.push(e);
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
      const history = await platform.listMessages(agent, { limit: 20, before: 'message-00000000-0000-4000-8000-000000000000' });
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
      await platform.sendMessageToAgentAsync(from, to, '{"type":"task_delegation","task_id":"t-1"}');
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
      const reply = await platform.sendMessageToAgentAndWaitForReply(from, to, 'status?');
      const turn = last('POST', `/v1/agents/${to}/messages`);
      const content = `[Incoming message from agent with ID '${from}' - to reply to this message, make sure to use the 'send_message' at the end, and the system will notify the sender of your response] status?`;
      expect(turn.requestBody).toEqual({ messages: [{ role: 'system', sender_id: from, content }] });
      expect((turn.responseBody as Json).messages.some((m: Json) => m.message_type === 'assistant_message')).toBe(false);
      expect(reply).toBe('');
      // The timeout bounds the wait only: the request is the same.
      expect(await platform.sendMessageToAgentAndWaitForReply(from, to, 'status?', { timeout_ms: 20_000 })).toBe('');
      expect(last('POST', `/v1/agents/${to}/messages`).requestBody).toEqual({ messages: [{ role: 'system', sender_id: from, content }] });
    });

    it('queueMessage queues a host message for the agent’s next turn (messages/async)', async () => {
      const agent = ids.agent();
      await platform.queueMessage(agent, { role: 'user', content: '{"type":"session_observation","task_id":"t-1","status":"succeeded"}' });
      const queued = last('POST', `/v1/agents/${agent}/messages/async`);
      expect(queued.requestBody).toEqual({
        messages: [{ role: 'user', content: '{"type":"session_observation","task_id":"t-1","status":"succeeded"}' }],
      });
      expect(queued.responseBody).toMatchObject({ agent_id: expect.any(String) });
    });

    it('sendMessageToAgentsMatchingTags lists agents having all tags and asks each but the sender', async () => {
      const from = ids.agent();
      const replies = await platform.sendMessageToAgentsMatchingTags(from, ['role:companion', 'session:s-1'], 'session update');
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
      await expect(platform.sendMessageToAgentsMatchingTags(from, [], 'x')).rejects.toThrow(/at least one tag/);
    });
  });

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
        baseUrl: prism.url,
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

    it('creates the Conductor, a Companion and the Strategist from their templates: Letta’s tools by name, ours (the DCF+ tools) by id, shared blocks by id', async () => {
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
    });

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

  describe('archival memory', () => {
    it('insertPassage and searchPassages (tags must all match)', async () => {
      const agent = ids.agent();
      const passage = await platform.insertPassage(agent, {
        text: 'whisper-transcribe failed on call 42',
        tags: ['skill:whisper', 'failure'],
      });
      expect(last('POST', `/v1/agents/${agent}/archival-memory`).requestBody).toEqual({
        text: 'whisper-transcribe failed on call 42',
        tags: ['skill:whisper', 'failure'],
      });
      expect(passage).toEqual({
        id: 'passage-123e4567-e89b-12d3-a456-426614174000',
        agent_id: agent,
        text: 'string',
        tags: ['string'],
        created_at: '2019-08-24T14:15:22Z',
      });

      const found = await platform.searchPassages(agent, { query: 'transcription failures', tags: ['skill:whisper', 'failure'], limit: 5 });
      const q = last('GET', `/v1/agents/${agent}/archival-memory/search`).url.searchParams;
      expect([q.get('query'), q.getAll('tags'), q.get('tag_match_mode'), q.get('top_k')]).toEqual([
        'transcription failures',
        ['skill:whisper', 'failure'],
        'all',
        '5',
      ]);
      expect(found).toEqual([{ id: 'string', agent_id: agent, text: 'string', tags: ['string'], created_at: 'string' }]);
    });

    it('store_memory with an agent on Letta inserts its archival passage as well as the searchable row', async () => {
      const db = await openDatabase({ kind: 'pglite', dataDir: null });
      try {
        await migrateDatabase(db, PROJECT_ROOT);
        const agent = ids.agent();
        const services = { config: testConfig(), db: async () => db.db, agents: async () => platform };
        const r = await invokeTool(
          storeMemoryTool,
          { kind: 'insight', text: 'AssemblyAI is the better backup for noisy calls', tags: ['transcription'], agent_id: agent },
          { actor: systemActor('test'), services },
        );
        expect(r).toMatchObject({ status: 'ok', passage_id: 'passage-123e4567-e89b-12d3-a456-426614174000' });
        expect(last('POST', `/v1/agents/${agent}/archival-memory`).requestBody).toEqual({
          text: 'AssemblyAI is the better backup for noisy calls',
          tags: ['insight', 'transcription'],
        });
        const [row] = await db.db.select().from(memories);
        expect(row).toMatchObject({ agentId: agent, kind: 'insight', text: 'AssemblyAI is the better backup for noisy calls' });
      } finally {
        await db.close();
      }
    });
  });

  it('describe() and close()', async () => {
    expect(platform.describe()).toEqual({ kind: 'letta', base_url: prism.url });
    await platform.close();
    expect(exchanges()).toEqual([]);
  });

  it('every adapter method was exercised above', () => {
    const methods = Object.getOwnPropertyNames(LettaAgentPlatform.prototype).filter((m) => m !== 'constructor');
    expect(methods.filter((m) => !exercised.has(m))).toEqual([]);
  });
});
