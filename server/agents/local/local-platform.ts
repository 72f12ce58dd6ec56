import type { Logger } from 'pino';
import { dbAuditSink, type AuditSink } from '../../audit/log.ts';
import type { Db } from '../../db/client.ts';
import type { AgentRow } from '../../db/schema/agents.ts';
import { logger } from '../../log.ts';
import type { PlanTracker } from '../../contracts/planning/ports.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import type { BrainSelection } from '../brains/select.ts';
import type {
  AgentEvent,
  AgentPlatform,
  AgentSummary,
  CreateAgentSpec,
  InboundMessage,
  MemoryBlock,
  MessageGate,
  Passage,
  StoredMessage,
} from '../../contracts/agent-platform.ts';
import { loadAgentTemplate, TemplateError } from '../templates/load-template.ts';
import { runTurn, type TurnDeps, type TurnOptions } from './agent-loop.ts';
import { AgentStore } from './agent-store.ts';
import { isKnownTool } from './agent-tools.ts';
import { BlockStore } from './block-store.ts';
import type { MultiAgentOps } from './builtin-tools/index.ts';
import { createAgentFromTemplate } from './create-agent.ts';
import { AgentPlatformError } from './errors.ts';
import { InboxDelivery } from './inbox-delivery.ts';
import { InboxStore } from './inbox-store.ts';
import { asyncEnvelope, replyOf, sleeptimeTranscript, waitEnvelope } from './messages-between-agents.ts';
import { MessageStore } from './message-store.ts';
import { PassageStore } from './passage-store.ts';
import { TurnQueue } from './turn-queue.ts';
import { beforeDeadline, LATE } from '../../../lib/deadline.ts';

export interface LocalAgentPlatformOptions {
  db: Db;
  /** What registry tools run with (config, execution, database); the agent is the actor. */
  toolServices: ToolServices;
  brains: BrainSelection;
  /** Folder of `.af` templates (default `agents/templates/` at the repository root). */
  templatesDir?: string;
  /** Where agents' mutating tool calls are audited (default: the database's audit log; null: nowhere). */
  audit?: AuditSink | null;
  log?: Logger;
  /** Steps per turn unless a call says otherwise (default 24). */
  maxSteps?: number;
  /** Stored messages a brain reads per step (default 200). */
  historyLimit?: number;
  /** Checks agent-to-agent and queued host messages at send and at delivery (delegated mode's protocols). */
  gate?: MessageGate;
  /** The durable inbox's claim time and sweep interval (see inbox-delivery.ts). */
  inboxClaimMs?: number;
  inboxSweepMs?: number;
  /** Whether this process delivers messages other processes queued (default true; the CLI turns it off while a console runs). */
  sweepInbox?: boolean;
  /** How long send_message_to_agent_and_wait_for_reply waits for the reply (default 120 s). */
  replyTimeoutMs?: number;
  /**
   * The tool-call plan tracker turns declare and end plans with (issue 17; agent-loop.ts); by default
   * the tool services' (`toolServices.planning`), the one the planning tools and invokeTool use.
   */
  tracker?: PlanTracker;
}

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
  private readonly agents: AgentStore;
  private readonly blocks: BlockStore;
  private readonly messages: MessageStore;
  private readonly passages: PassageStore;
  private readonly inbox: InboxStore;
  private readonly delivery: InboxDelivery;
  private readonly queue = new TurnQueue();
  private readonly background = new Set<Promise<void>>();
  private readonly deps: TurnDeps;
  private readonly log: Logger;
  private readonly maxSteps: number;
  private closed = false;

  constructor(private readonly opts: LocalAgentPlatformOptions) {
    this.agents = new AgentStore(opts.db);
    this.blocks = new BlockStore(opts.db);
    this.messages = new MessageStore(opts.db);
    this.passages = new PassageStore(opts.db);
    this.inbox = new InboxStore(opts.db);
    this.log = opts.log ?? logger();
    this.maxSteps = opts.maxSteps ?? 24;
    this.delivery = new InboxDelivery({
      inbox: this.inbox,
      queue: this.queue,
      gate: opts.gate,
      log: this.log,
      claimMs: opts.inboxClaimMs,
      sweepMs: opts.inboxSweepMs,
      runTurn: async (agentId, message, place) => {
        const content = message.sender_agent_id ? asyncEnvelope(message.sender_agent_id, message.content) : message.content;
        await collect(this.turn(agentId, { ...message, content }, { max_steps: this.maxSteps, chain: [] }, place));
      },
    });
    const services: ToolServices = {
      ...opts.toolServices,
      db: opts.toolServices.db ?? (async () => opts.db),
      agents: opts.toolServices.agents ?? (async () => this),
    };
    const audit = opts.audit === undefined ? dbAuditSink(opts.db) : (opts.audit ?? undefined);
    const multiAgent: MultiAgentOps = {
      sendAsync: (from, to, text) => this.sendMessageToAgentAsync(from, to, text),
      sendAndWait: (from, to, text, chain, timeoutMs) => this.waitForReply(from, to, text, chain, timeoutMs),
      sendMatchingTags: (from, q, text, chain) => this.broadcast(from, q, text, chain),
    };
    this.deps = {
      agents: this.agents,
      blocks: this.blocks,
      messages: this.messages,
      passages: this.passages,
      brains: opts.brains,
      multiAgent,
      toolContext: (agent) => ({ actor: { kind: 'agent', id: agent.id, label: agent.name }, services }),
      invokeOptions: { audit, onInternalError: (tool, err) => this.log.error({ tool, err }, 'agent tool failed unexpectedly') },
      historyLimit: opts.historyLimit ?? 200,
      tracker: opts.tracker ?? services.planning,
    };
    if (opts.sweepInbox !== false) this.delivery.start();
  }

  describe() {
    return { kind: this.kind, ...this.opts.brains.describe() };
  }

  // Agents

  async createAgent(spec: CreateAgentSpec): Promise<AgentSummary> {
    let template;
    try {
      template = await loadAgentTemplate(spec.template, { dir: this.opts.templatesDir, isKnownTool });
    } catch (err) {
      if (err instanceof TemplateError) throw new AgentPlatformError(err.issues.length ? 'invalid' : 'not_found', err.message);
      throw err;
    }
    const id = await createAgentFromTemplate(this.opts.db, template, spec);
    return (await this.agents.summary(id))!;
  }

  getAgent(agentId: string): Promise<AgentSummary | null> {
    return this.agents.summary(agentId);
  }

  getAgents(agentIds: readonly string[]): Promise<AgentSummary[]> {
    return this.agents.summaries([...new Set(agentIds)]);
  }

  async listAgents(query: { tags?: string[]; match_all_tags?: boolean; name?: string } = {}): Promise<AgentSummary[]> {
    const any = query.match_all_tags === false;
    const ids = await this.agents.find({ matchAll: any ? [] : query.tags, matchSome: any ? query.tags : [], name: query.name });
    return this.agents.summaries(ids);
  }

  /** Deletes the agent and its sleep-time companion (see AgentStore.delete for what stays). */
  async deleteAgent(agentId: string): Promise<boolean> {
    const row = await this.agents.row(agentId);
    if (!row) return false;
    if (row.sleeptimeAgentId) await this.agents.delete(row.sleeptimeAgentId);
    return this.agents.delete(agentId);
  }

  async setTags(agentId: string, tags: string[]): Promise<AgentSummary> {
    await this.agentRow(agentId);
    await this.agents.setTags(agentId, tags);
    return (await this.agents.summary(agentId))!;
  }

  // Memory blocks

  createBlock(block: { label: string; value: string; limit?: number; description?: string; read_only?: boolean }): Promise<MemoryBlock> {
    return this.blocks.create(block);
  }

  getBlock(blockId: string): Promise<MemoryBlock | null> {
    return this.blocks.get(blockId);
  }

  updateBlock(blockId: string, patch: { value?: string; description?: string; limit?: number }): Promise<MemoryBlock> {
    return this.blocks.update(blockId, patch);
  }

  deleteBlock(blockId: string): Promise<boolean> {
    return this.blocks.delete(blockId);
  }

  async listAgentBlocks(agentId: string): Promise<MemoryBlock[]> {
    await this.agentRow(agentId);
    return this.blocks.ofAgent(agentId);
  }

  async attachBlock(agentId: string, blockId: string): Promise<void> {
    await this.agentRow(agentId);
    if (!(await this.blocks.get(blockId))) throw new AgentPlatformError('not_found', `no block ${blockId}`);
    await this.blocks.attach(agentId, blockId);
  }

  detachBlock(agentId: string, blockId: string): Promise<void> {
    return this.blocks.detach(agentId, blockId);
  }

  listBlockAgents(blockId: string): Promise<string[]> {
    return this.blocks.agentsOf(blockId);
  }

  // Tools

  async attachTool(agentId: string, toolName: string): Promise<void> {
    await this.agentRow(agentId);
    if (!isKnownTool(toolName))
      throw new AgentPlatformError('invalid', `unknown tool ${toolName} (neither the tool registry's nor the runtime's)`);
    await this.agents.attachTool(agentId, toolName);
  }

  detachTool(agentId: string, toolName: string): Promise<void> {
    return this.agents.detachTool(agentId, toolName);
  }

  async listAgentTools(agentId: string): Promise<string[]> {
    await this.agentRow(agentId);
    return this.agents.tools(agentId);
  }

  // Messages

  streamMessage(
    agentId: string,
    message: InboundMessage,
    opts: { signal?: AbortSignal; max_steps?: number } = {},
  ): AsyncIterable<AgentEvent> {
    return this.turn(agentId, message, { signal: opts.signal, max_steps: opts.max_steps ?? this.maxSteps, chain: [] });
  }

  async sendMessage(agentId: string, message: InboundMessage, opts: { max_steps?: number } = {}): Promise<AgentEvent[]> {
    return collect(this.streamMessage(agentId, message, opts));
  }

  async listMessages(agentId: string, opts: { limit?: number; before?: string } = {}): Promise<StoredMessage[]> {
    return (await this.messages.list(agentId, opts)).map(({ step_id: _step, ...m }) => m);
  }

  /** A message from the host, delivered durably after the agent's running turn (see queueMessage in the port). */
  async queueMessage(agentId: string, message: InboundMessage): Promise<void> {
    await this.enqueue(agentId, message);
  }

  // Agent-to-agent

  async sendMessageToAgentAsync(fromAgentId: string, toAgentId: string, text: string): Promise<void> {
    await this.enqueue(toAgentId, { role: 'user', content: text, sender_agent_id: fromAgentId });
  }

  sendMessageToAgentAndWaitForReply(
    fromAgentId: string,
    toAgentId: string,
    text: string,
    opts: { timeout_ms?: number } = {},
  ): Promise<string> {
    return this.waitForReply(fromAgentId, toAgentId, text, [], opts.timeout_ms);
  }

  sendMessageToAgentsMatchingTags(fromAgentId: string, tags: string[], text: string): Promise<Array<{ agent_id: string; reply: string }>> {
    return this.broadcast(fromAgentId, { match_all: tags, match_some: [] }, text, []);
  }

  // Archival memory

  async insertPassage(agentId: string, passage: { text: string; tags?: string[] }): Promise<Passage> {
    await this.agentRow(agentId);
    return this.passages.insert(agentId, passage);
  }

  async searchPassages(agentId: string, query: { query: string; tags?: string[]; limit?: number }): Promise<Passage[]> {
    await this.agentRow(agentId);
    return this.passages.search(agentId, query);
  }

  /**
   * Delivers these agents' pending messages from this process now, whatever `sweepInbox` says:
   * a host waiting on the work of particular agents (`dcf chat`) takes on that work and no other.
   */
  deliverQueued(agentIds: string[]): void {
    for (const id of agentIds) this.delivery.kick(id);
  }

  /** Stops taking agent-to-agent messages and waits for the turns under way to end. The database stays open (it is the caller's). */
  async close(): Promise<void> {
    this.closed = true;
    await this.delivery.close();
    while (this.background.size) await Promise.allSettled([...this.background]);
  }

  // Internals

  private async agentRow(agentId: string): Promise<AgentRow> {
    const row = await this.agents.row(agentId);
    if (!row) throw new AgentPlatformError('not_found', `no agent ${agentId}`);
    return row;
  }

  /** A turn of `agentId`, after the turns queued before it (its queue place taken at the first step, or earlier as `place`). */
  private async *turn(
    agentId: string,
    message: InboundMessage,
    opts: TurnOptions,
    place?: ReturnType<TurnQueue['reserve']>,
  ): AsyncGenerator<AgentEvent> {
    const mine = place ?? this.queue.reserve(agentId);
    let agent: AgentRow | null = null;
    try {
      await mine.ready;
      agent = await this.agentRow(agentId);
      yield* runTurn(this.deps, agent, message, opts);
    } finally {
      mine.release();
    }
    this.track(this.wakeSleeptime(agent));
  }

  /** Writes the message to the agent's durable inbox (after the gate accepted it) and starts its delivery. */
  private async enqueue(agentId: string, message: InboundMessage): Promise<void> {
    if (this.closed) throw new AgentPlatformError('conflict', 'the agent platform is closing');
    await this.agentRow(agentId);
    await this.check(message.sender_agent_id ?? null, agentId, message.content);
    await this.inbox.enqueue(agentId, message);
    this.delivery.kick(agentId);
  }

  /** The gate's verdict on a message about to be sent: a refusal is an `invalid` error with its reason. */
  private async check(from: string | null, to: string, text: string): Promise<void> {
    const refusal = await this.opts.gate?.onSend({ from, to, text });
    if (refusal) {
      this.log.warn({ from, to, refusal }, 'message refused at send');
      throw new AgentPlatformError('invalid', refusal);
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((err: unknown) => this.log.warn({ err }, 'background agent turn failed'));
    this.background.add(tracked);
    void tracked.finally(() => this.background.delete(tracked));
  }

  /**
   * Runs the receiver's turn for the message and returns its reply; after `timeoutMs` (default
   * replyTimeoutMs) the wait fails while the turn goes on (tracked, its reply stored in its history).
   */
  private async waitForReply(
    from: string,
    to: string,
    text: string,
    chain: string[],
    timeoutMs = this.opts.replyTimeoutMs ?? 120_000,
  ): Promise<string> {
    if (from === to) throw new AgentPlatformError('invalid', 'an agent cannot wait for its own reply');
    await this.agentRow(to);
    await this.check(from, to, text);
    const turn = collect(
      this.turn(to, { role: 'user', content: waitEnvelope(from, text), sender_agent_id: from }, { max_steps: this.maxSteps, chain }),
    );
    this.track(turn.then(() => undefined));
    const reply = await beforeDeadline(turn, timeoutMs);
    if (reply === LATE) {
      const late = `no reply from agent ${to} within ${Math.round(timeoutMs / 1000)} s; its turn goes on and its reply will be in its history`;
      throw new AgentPlatformError('conflict', late);
    }
    return replyOf(to, reply);
  }

  private async broadcast(
    from: string,
    q: { match_all: string[]; match_some: string[] },
    text: string,
    chain: string[],
  ): Promise<Array<{ agent_id: string; reply: string }>> {
    const ids = (await this.agents.find({ matchAll: q.match_all, matchSome: q.match_some })).filter(
      (id) => id !== from && !chain.includes(id),
    );
    // A message the gate refuses is refused as a whole, not as one error reply per receiver.
    if (ids.length) await this.check(from, ids[0]!, text);
    return Promise.all(
      ids.map((id) =>
        this.waitForReply(from, id, text, chain).then(
          (reply) => ({ agent_id: id, reply }),
          (err: unknown) => ({ agent_id: id, reply: `error: ${err instanceof Error ? err.message : String(err)}` }),
        ),
      ),
    );
  }

  /** After every `sleeptime_frequency` turns of an agent, its sleep-time companion gets the transcript of those turns. */
  private async wakeSleeptime(agent: AgentRow): Promise<void> {
    if (!agent.sleeptimeAgentId || !agent.sleeptimeFrequency || this.closed) return;
    const turns = await this.messages.countInbound(agent.id);
    if (turns % agent.sleeptimeFrequency !== 0) return;
    const recent = await this.messages.list(agent.id, { limit: this.opts.historyLimit ?? 200 });
    await this.inbox.enqueue(agent.sleeptimeAgentId, {
      role: 'user',
      content: sleeptimeTranscript(agent, recent, agent.sleeptimeFrequency),
    });
    this.delivery.kick(agent.sleeptimeAgentId);
  }
}

async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of events) out.push(e);
  return out;
}
