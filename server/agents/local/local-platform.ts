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
import { broadcastByTags, enqueueMessage, sendToAgentAsync, waitForReply } from './agent-messaging.ts';
import {
  attachBlockToAgent,
  attachToolToAgent,
  createAgentFromSpec,
  deleteAgentAndCompanion,
  findAgents,
  requireAgent,
  setAgentTags,
} from './agent-resources.ts';
import { collect, queuedTurn } from './agent-turns.ts';
import { createLocalRuntime } from './create-runtime.ts';
import type { LocalAgentPlatformOptions, LocalRuntime } from './local-runtime.ts';

export type { LocalAgentPlatformOptions } from './local-runtime.ts';

/**
 * The `local` adapter of the agent-platform port: agents, blocks, tags, tools and messages in
 * Postgres/PGlite (so a new instance on the same database carries on where the last stopped),
 * archival passages in `memories`, and each agent's turns run in this process by the agent loop
 * with the brain its role is given. Agent-to-agent messages are turns of the receiving agent,
 * one turn at a time per agent; async ones and host messages go through the durable inbox
 * (`agent_inbox`), so they survive a restart and wait for the receiver's running turn.
 */
export class LocalAgentPlatform implements AgentPlatform {
  readonly kind = 'local' as const;
  /** The stores, turn queue, inbox delivery and state this class shares with agent-turns.ts and agent-messaging.ts. */
  private readonly rt: LocalRuntime;

  constructor(private readonly opts: LocalAgentPlatformOptions) {
    this.rt = createLocalRuntime(opts, this);
    if (opts.sweepInbox !== false) this.rt.delivery.start();
  }

  describe() {
    return { kind: this.kind, ...this.opts.brains.describe() };
  }

  // Agents

  createAgent(spec: CreateAgentSpec): Promise<AgentSummary> {
    return createAgentFromSpec(this.opts.db, this.rt.agents, this.opts.templatesDir, spec);
  }

  getAgent(agentId: string): Promise<AgentSummary | null> {
    return this.rt.agents.summary(agentId);
  }

  getAgents(agentIds: readonly string[]): Promise<AgentSummary[]> {
    return this.rt.agents.summaries([...new Set(agentIds)]);
  }

  listAgents(query: { tags?: string[]; match_all_tags?: boolean; name?: string } = {}): Promise<AgentSummary[]> {
    return findAgents(this.rt.agents, query);
  }

  /** Deletes the agent and its sleep-time companion (see AgentStore.delete for what stays). */
  deleteAgent(agentId: string): Promise<boolean> {
    return deleteAgentAndCompanion(this.rt.agents, agentId);
  }

  setTags(agentId: string, tags: string[]): Promise<AgentSummary> {
    return setAgentTags(this.rt.agents, agentId, tags);
  }

  // Memory blocks

  createBlock(block: { label: string; value: string; limit?: number; description?: string; read_only?: boolean }): Promise<MemoryBlock> {
    return this.rt.blocks.create(block);
  }

  getBlock(blockId: string): Promise<MemoryBlock | null> {
    return this.rt.blocks.get(blockId);
  }

  updateBlock(blockId: string, patch: { value?: string; description?: string; limit?: number }): Promise<MemoryBlock> {
    return this.rt.blocks.update(blockId, patch);
  }

  deleteBlock(blockId: string): Promise<boolean> {
    return this.rt.blocks.delete(blockId);
  }

  async listAgentBlocks(agentId: string): Promise<MemoryBlock[]> {
    await requireAgent(this.rt.agents, agentId);
    return this.rt.blocks.ofAgent(agentId);
  }

  attachBlock(agentId: string, blockId: string): Promise<void> {
    return attachBlockToAgent(this.rt.agents, this.rt.blocks, agentId, blockId);
  }

  detachBlock(agentId: string, blockId: string): Promise<void> {
    return this.rt.blocks.detach(agentId, blockId);
  }

  listBlockAgents(blockId: string): Promise<string[]> {
    return this.rt.blocks.agentsOf(blockId);
  }

  // Tools

  attachTool(agentId: string, toolName: string): Promise<void> {
    return attachToolToAgent(this.rt.agents, agentId, toolName);
  }

  detachTool(agentId: string, toolName: string): Promise<void> {
    return this.rt.agents.detachTool(agentId, toolName);
  }

  async listAgentTools(agentId: string): Promise<string[]> {
    await requireAgent(this.rt.agents, agentId);
    return this.rt.agents.tools(agentId);
  }

  // Messages

  streamMessage(
    agentId: string,
    message: InboundMessage,
    opts: { signal?: AbortSignal; max_steps?: number } = {},
  ): AsyncIterable<AgentEvent> {
    return queuedTurn(this.rt, agentId, message, { signal: opts.signal, max_steps: opts.max_steps ?? this.rt.maxSteps, chain: [] });
  }

  async sendMessage(agentId: string, message: InboundMessage, opts: { max_steps?: number } = {}): Promise<AgentEvent[]> {
    return collect(this.streamMessage(agentId, message, opts));
  }

  async listMessages(agentId: string, opts: { limit?: number; before?: string } = {}): Promise<StoredMessage[]> {
    return (await this.rt.messages.list(agentId, opts)).map(({ step_id: _step, ...m }) => m);
  }

  /** A message from the host, delivered durably after the agent's running turn (see queueMessage in the port). */
  async queueMessage(agentId: string, message: InboundMessage): Promise<void> {
    await enqueueMessage(this.rt, agentId, message);
  }

  // Agent-to-agent (agent-messaging.ts)

  async sendMessageToAgentAsync(fromAgentId: string, toAgentId: string, text: string): Promise<void> {
    await sendToAgentAsync(this.rt, fromAgentId, toAgentId, text);
  }

  sendMessageToAgentAndWaitForReply(
    fromAgentId: string,
    toAgentId: string,
    text: string,
    opts: { timeout_ms?: number } = {},
  ): Promise<string> {
    return waitForReply(this.rt, fromAgentId, toAgentId, text, [], opts.timeout_ms);
  }

  sendMessageToAgentsMatchingTags(fromAgentId: string, tags: string[], text: string): Promise<Array<{ agent_id: string; reply: string }>> {
    return broadcastByTags(this.rt, fromAgentId, { match_all: tags, match_some: [] }, text, []);
  }

  // Archival memory

  async insertPassage(agentId: string, passage: { text: string; tags?: string[] }): Promise<Passage> {
    await requireAgent(this.rt.agents, agentId);
    return this.rt.passages.insert(agentId, passage);
  }

  async searchPassages(agentId: string, query: { query: string; tags?: string[]; limit?: number }): Promise<Passage[]> {
    await requireAgent(this.rt.agents, agentId);
    return this.rt.passages.search(agentId, query);
  }

  /**
   * Delivers these agents' pending messages from this process now, whatever `sweepInbox` says:
   * a host waiting on the work of particular agents (`dcf chat`) takes on that work and no other.
   */
  deliverQueued(agentIds: string[]): void {
    for (const id of agentIds) this.rt.delivery.kick(id);
  }

  /** Stops taking agent-to-agent messages and waits for the turns under way to end. The database stays open (it is the caller's). */
  async close(): Promise<void> {
    this.rt.closed = true;
    await this.rt.delivery.close();
    while (this.rt.background.size) await Promise.allSettled([...this.rt.background]);
    await this.rt.turnLease?.close();
  }
}
