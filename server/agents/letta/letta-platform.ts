import { Letta } from '@letta-ai/letta-client';
import { z } from 'zod';
import type {
  AgentEvent,
  AgentPlatform,
  AgentSummary,
  CreateAgentSpec,
  InboundMessage,
  MemoryBlock,
  Passage,
  StoredMessage,
} from '../../contracts/agent-platform.ts';
import { buildCreateAgentRequest, parseAgentFile } from './agent-file.ts';
import { callLetta, LettaPlatformError, orFalse, orNull, UnknownToolError, type LettaRequest } from './errors.ts';
import { toAgentSummary, toMemoryBlock } from './letta-shapes.ts';
import { assistantText } from './events.ts';
import { McpToolDirectory } from './mcp-tools.ts';
import { collectTurn, listHistory, queueMessage, streamTurn, type MessagingContext } from './messaging.ts';
import { asyncAgentMessage, currentToolName, isMultiAgentTool, replyAgentMessage } from '../../delegation/letta-multi-agent.ts';
import { lettaAgent, lettaBlock, lettaPassage, lettaPassageSearch, lettaTool, readLetta } from './schemas.ts';

export interface LettaPlatformOptions {
  /** Letta server, e.g. `http://letta:8283` (LETTA_BASE_URL). */
  baseUrl: string;
  /** Letta API key (LETTA_API_KEY); none for a server without a password. */
  apiKey?: string;
  /** The console's public base URL (DCF_PUBLIC_URL): Letta calls our tools at `${publicUrl}/api/mcp`. */
  publicUrl: string;
  /** Bearer token Letta sends to our MCP endpoint. */
  mcpToken?: string;
  /** Name of our MCP server in Letta (default `dcf-console`). */
  mcpServerName?: string;
  /** Reads template `<name>` (`agents/templates/<name>.af`): the AgentFileSchema JSON. */
  loadTemplate: (name: string) => Promise<unknown>;
  /** Time limit of one request (default 60 s) and of one agent turn (default 10 min). */
  requestTimeoutMs?: number;
  messageTimeoutMs?: number;
  /** Retries of failed requests by the Letta client (429, 5xx, connection errors); default 2. */
  maxRetries?: number;
  /** The fetch the Letta client uses (tests record requests through it). */
  fetch?: typeof fetch;
}

/** Relationships an `AgentSummary` needs; Letta returns none unless asked. */
const AGENT_INCLUDE = ['agent.blocks', 'agent.managed_group', 'agent.tags', 'agent.tools'] as const;
const PAGE = 100;
/** Concurrent agent reads in getAgents: enough to hide latency, few enough not to flood the server. */
const LETTA_READS_AT_ONCE = 8;

/**
 * The agent-platform port on a Letta server (`@letta-ai/letta-client` 1.x). Our tools reach
 * Letta's agents through our MCP endpoint, registered with Letta on `start()` (and on first need);
 * agents get them attached by Letta tool id. Every failed Letta call is a LettaPlatformError with
 * the status, Letta's message and the request; "not found" is a value where the port says so.
 */
export class LettaAgentPlatform implements AgentPlatform {
  readonly kind = 'letta' as const;
  readonly #client: Letta;
  readonly #mcp: McpToolDirectory;
  readonly #messaging: MessagingContext;

  constructor(private readonly options: LettaPlatformOptions) {
    this.#client = new Letta({
      baseURL: options.baseUrl.replace(/\/+$/, ''),
      apiKey: options.apiKey ?? null,
      timeout: options.requestTimeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.#mcp = new McpToolDirectory(this.#client, {
      serverName: options.mcpServerName ?? 'dcf-console',
      serverUrl: `${options.publicUrl.replace(/\/+$/, '')}/api/mcp`,
      bearerToken: options.mcpToken,
    });
    this.#messaging = { client: this.#client, messageTimeoutMs: options.messageTimeoutMs ?? 600_000 };
  }

  /** Registers our MCP server with Letta (reusing one of the same name) and lists its tools. */
  async start(): Promise<void> {
    await this.#mcp.ensure();
  }

  describe() {
    return { kind: this.kind, base_url: this.options.baseUrl };
  }

  // Agents

  async createAgent(spec: CreateAgentSpec): Promise<AgentSummary> {
    const file = parseAgentFile(spec.template, await this.options.loadTemplate(spec.template));
    const { tools } = await this.#mcp.ensure();
    const body = buildCreateAgentRequest(file, spec, tools);
    const agent = await readLetta(
      { method: 'POST', path: '/v1/agents/', body },
      () => this.#client.agents.create(body),
      lettaAgent,
      'agent',
    );
    return toAgentSummary(agent);
  }

  async getAgent(agentId: string): Promise<AgentSummary | null> {
    const query = { include: [...AGENT_INCLUDE] };
    return orNull(
      readLetta(
        { method: 'GET', path: `/v1/agents/${agentId}`, query },
        () => this.#client.agents.retrieve(agentId, query),
        lettaAgent,
        'agent',
      ).then(toAgentSummary),
    );
  }

  /** Letta has no batch read by id: the reads run a few at a time (the callers bound how many ids). */
  async getAgents(agentIds: readonly string[]): Promise<AgentSummary[]> {
    const unique = [...new Set(agentIds)];
    const found: Array<AgentSummary | null> = [];
    for (let i = 0; i < unique.length; i += LETTA_READS_AT_ONCE)
      found.push(...(await Promise.all(unique.slice(i, i + LETTA_READS_AT_ONCE).map((id) => this.getAgent(id)))));
    return found.filter((a): a is AgentSummary => a !== null);
  }

  async listAgents(query: { tags?: string[]; match_all_tags?: boolean; name?: string } = {}): Promise<AgentSummary[]> {
    const filter = {
      include: [...AGENT_INCLUDE],
      ...(query.tags?.length ? { tags: query.tags, match_all_tags: query.match_all_tags ?? true } : {}),
      ...(query.name ? { name: query.name } : {}),
    };
    const agents = await this.#pages('/v1/agents/', filter, (q) => this.#client.agents.list(q), lettaAgent, 'agent');
    return agents.map(toAgentSummary);
  }

  async deleteAgent(agentId: string): Promise<boolean> {
    return orFalse(callLetta({ method: 'DELETE', path: `/v1/agents/${agentId}` }, () => this.#client.agents.delete(agentId)));
  }

  async setTags(agentId: string, tags: string[]): Promise<AgentSummary> {
    const body = { tags };
    const agent = await readLetta(
      { method: 'PATCH', path: `/v1/agents/${agentId}`, body },
      () => this.#client.agents.update(agentId, body),
      lettaAgent,
      'agent',
    );
    return toAgentSummary(agent);
  }

  // Memory blocks

  async createBlock(block: {
    label: string;
    value: string;
    limit?: number;
    description?: string;
    read_only?: boolean;
  }): Promise<MemoryBlock> {
    const body = { ...block };
    return toMemoryBlock(
      await readLetta({ method: 'POST', path: '/v1/blocks/', body }, () => this.#client.blocks.create(body), lettaBlock, 'block'),
    );
  }

  async getBlock(blockId: string): Promise<MemoryBlock | null> {
    return orNull(
      readLetta({ method: 'GET', path: `/v1/blocks/${blockId}` }, () => this.#client.blocks.retrieve(blockId), lettaBlock, 'block').then(
        toMemoryBlock,
      ),
    );
  }

  async updateBlock(blockId: string, patch: { value?: string; description?: string; limit?: number }): Promise<MemoryBlock> {
    const body = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    return toMemoryBlock(
      await readLetta(
        { method: 'PATCH', path: `/v1/blocks/${blockId}`, body },
        () => this.#client.blocks.update(blockId, body),
        lettaBlock,
        'block',
      ),
    );
  }

  async deleteBlock(blockId: string): Promise<boolean> {
    return orFalse(callLetta({ method: 'DELETE', path: `/v1/blocks/${blockId}` }, () => this.#client.blocks.delete(blockId)));
  }

  async listAgentBlocks(agentId: string): Promise<MemoryBlock[]> {
    const blocks = await this.#pages(
      `/v1/agents/${agentId}/core-memory/blocks`,
      {},
      (q) => this.#client.agents.blocks.list(agentId, q),
      lettaBlock,
      'block',
    );
    return blocks.map(toMemoryBlock);
  }

  async attachBlock(agentId: string, blockId: string): Promise<void> {
    await callLetta({ method: 'PATCH', path: `/v1/agents/${agentId}/core-memory/blocks/attach/${blockId}` }, () =>
      this.#client.agents.blocks.attach(blockId, { agent_id: agentId }),
    );
  }

  async detachBlock(agentId: string, blockId: string): Promise<void> {
    await callLetta({ method: 'PATCH', path: `/v1/agents/${agentId}/core-memory/blocks/detach/${blockId}` }, () =>
      this.#client.agents.blocks.detach(blockId, { agent_id: agentId }),
    );
  }

  async listBlockAgents(blockId: string): Promise<string[]> {
    const agents = await this.#pages(
      `/v1/blocks/${blockId}/agents`,
      {},
      (q) => this.#client.blocks.agents.list(blockId, q),
      z.object({ id: z.string() }),
      'agent',
    );
    return agents.map((a) => a.id);
  }

  // Tools

  /** Attaches a tool by Letta id: one of our MCP tools, else a Letta tool of that name (the multi-agent tools are always Letta's). */
  async attachTool(agentId: string, toolName: string): Promise<void> {
    const toolId = await this.#resolveToolId(toolName);
    await callLetta({ method: 'PATCH', path: `/v1/agents/${agentId}/tools/attach/${toolId}` }, () =>
      this.#client.agents.tools.attach(toolId, { agent_id: agentId }),
    );
  }

  /** Detaches the agent's tool of that name; nothing to do when it has none. */
  async detachTool(agentId: string, toolName: string): Promise<void> {
    const name = currentToolName(toolName);
    const tool = (await this.#agentTools(agentId)).find((t) => t.name === name);
    if (!tool) return;
    await callLetta({ method: 'PATCH', path: `/v1/agents/${agentId}/tools/detach/${tool.id}` }, () =>
      this.#client.agents.tools.detach(tool.id, { agent_id: agentId }),
    );
  }

  async listAgentTools(agentId: string): Promise<string[]> {
    return (await this.#agentTools(agentId)).flatMap((t) => (t.name ? [t.name] : []));
  }

  // Messages

  streamMessage(agentId: string, message: InboundMessage, opts?: { signal?: AbortSignal; max_steps?: number }): AsyncIterable<AgentEvent> {
    return streamTurn(this.#messaging, agentId, message, opts);
  }

  sendMessage(agentId: string, message: InboundMessage, opts?: { max_steps?: number }): Promise<AgentEvent[]> {
    return collectTurn(this.#messaging, agentId, message, opts);
  }

  listMessages(agentId: string, opts?: { limit?: number; before?: string }): Promise<StoredMessage[]> {
    return listHistory(this.#messaging, agentId, opts);
  }

  /** `POST /v1/agents/{id}/messages/async`: Letta runs the turn after the agent's current one and keeps it across restarts. */
  async queueMessage(agentId: string, message: InboundMessage): Promise<void> {
    await queueMessage(this.#messaging, agentId, message);
  }

  // Agent-to-agent: what Letta's multi-agent tools do, on the host's behalf, in Letta's words
  // (multi-agent.ts) and with the sender's id in `sender_id`.

  async sendMessageToAgentAsync(fromAgentId: string, toAgentId: string, text: string): Promise<void> {
    await queueMessage(this.#messaging, toAgentId, {
      role: 'system',
      content: asyncAgentMessage(fromAgentId, text),
      sender_agent_id: fromAgentId,
    });
  }

  /**
   * The reply of the other agent's turn. A turn longer than `timeout_ms` (default: the turn time
   * limit) fails the wait with a LettaPlatformError saying so; Letta finishes the turn and keeps
   * the reply in the receiver's history. The message is sent once, also when the wait times out.
   */
  async sendMessageToAgentAndWaitForReply(
    fromAgentId: string,
    toAgentId: string,
    text: string,
    opts: { timeout_ms?: number } = {},
  ): Promise<string> {
    const message: InboundMessage = { role: 'system', content: replyAgentMessage(fromAgentId, text), sender_agent_id: fromAgentId };
    return assistantText(await collectTurn(this.#messaging, toAgentId, message, opts.timeout_ms ? { timeout_ms: opts.timeout_ms } : {}));
  }

  /** Every agent having all `tags`, except the sender, is messaged in parallel; any failure rejects. */
  async sendMessageToAgentsMatchingTags(
    fromAgentId: string,
    tags: string[],
    text: string,
  ): Promise<Array<{ agent_id: string; reply: string }>> {
    if (!tags.length) throw new Error('sendMessageToAgentsMatchingTags needs at least one tag (it would otherwise message every agent)');
    const targets = (await this.listAgents({ tags, match_all_tags: true })).filter((a) => a.id !== fromAgentId);
    return Promise.all(
      targets.map(async (a) => ({ agent_id: a.id, reply: await this.sendMessageToAgentAndWaitForReply(fromAgentId, a.id, text) })),
    );
  }

  // Archival memory

  async insertPassage(agentId: string, passage: { text: string; tags?: string[] }): Promise<Passage> {
    const body = { text: passage.text, ...(passage.tags?.length ? { tags: passage.tags } : {}) };
    const request: LettaRequest = { method: 'POST', path: `/v1/agents/${agentId}/archival-memory`, body };
    const [created] = await readLetta(request, () => this.#client.agents.passages.create(agentId, body), z.array(lettaPassage), 'passages');
    if (!created) throw new LettaPlatformError(null, 'Letta created no passage', request);
    return { id: created.id, agent_id: agentId, text: created.text, tags: created.tags ?? [], created_at: created.created_at ?? '' };
  }

  /** Semantic search of the agent's archival memory; with `tags`, only passages having all of them. */
  async searchPassages(agentId: string, query: { query: string; tags?: string[]; limit?: number }): Promise<Passage[]> {
    const q = {
      query: query.query,
      ...(query.tags?.length ? { tags: query.tags, tag_match_mode: 'all' as const } : {}),
      ...(query.limit ? { top_k: query.limit } : {}),
    };
    const found = await readLetta(
      { method: 'GET', path: `/v1/agents/${agentId}/archival-memory/search`, query: q },
      () => this.#client.agents.passages.search(agentId, q),
      lettaPassageSearch,
      'passage search',
    );
    return found.results.map((r) => ({ id: r.id, agent_id: agentId, text: r.content, tags: r.tags ?? [], created_at: r.timestamp }));
  }

  async close(): Promise<void> {
    // The Letta client holds no connections of its own (it uses fetch); nothing to release.
  }

  // Internals

  async #agentTools(agentId: string) {
    return this.#pages(`/v1/agents/${agentId}/tools`, {}, (q) => this.#client.agents.tools.list(agentId, q), lettaTool, 'tool');
  }

  async #resolveToolId(toolName: string): Promise<string> {
    const name = currentToolName(toolName);
    if (!isMultiAgentTool(name)) {
      const served = (await this.#mcp.ensure()).tools.get(name) ?? (await this.#mcp.reload()).get(name);
      if (served) return served;
    }
    const query = { name, limit: 1 };
    const [tool] = await readLetta(
      { method: 'GET', path: '/v1/tools/', query },
      async () => (await this.#client.tools.list(query)).getPaginatedItems(),
      z.array(lettaTool),
      'tool list',
    );
    if (!tool) throw new UnknownToolError(toolName, this.options.mcpServerName ?? 'dcf-console');
    return tool.id;
  }

  /**
   * All items of a cursor-paged Letta list. Pages are read until one comes back short; a cursor
   * that does not advance is an error rather than an endless loop.
   */
  async #pages<S extends z.ZodType<{ id: string }>>(
    path: string,
    query: Record<string, unknown>,
    page: (q: { limit: number; after?: string }) => PromiseLike<{ getPaginatedItems(): unknown[] }>,
    schema: S,
    what: string,
  ): Promise<Array<z.infer<S>>> {
    const all: Array<z.infer<S>> = [];
    for (let after: string | undefined; ;) {
      const q = { ...query, limit: PAGE, ...(after ? { after } : {}) };
      const items = await readLetta(
        { method: 'GET', path, query: q },
        async () => (await page(q)).getPaginatedItems(),
        z.array(schema),
        `${what} list`,
      );
      all.push(...items);
      const last = items.at(-1)?.id;
      if (items.length < PAGE || !last) return all;
      if (last === after) throw new LettaPlatformError(null, `pagination did not advance past ${last}`, { method: 'GET', path, query: q });
      after = last;
    }
  }
}

/** Creates the Letta adapter and registers our MCP server with Letta. */
export async function connectLettaPlatform(options: LettaPlatformOptions): Promise<LettaAgentPlatform> {
  const platform = new LettaAgentPlatform(options);
  await platform.start();
  return platform;
}
