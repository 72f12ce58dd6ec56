/**
 * Wires a LocalAgentPlatform's runtime from its options: the stores on its database, the turn
 * queue and cross-process turn lease, the durable inbox's delivery (each delivered message a queued turn), and what the agent
 * loop runs turns with (tool services with the agent as actor, audit, the multi-agent tools'
 * operations, the history limit and the plan tracker). Starting the delivery is the platform's.
 */
import { dbAuditSink } from '../../audit/log.ts';
import { logger } from '../../log.ts';
import type { AgentPlatform } from '../../contracts/agent-platform.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import type { TurnDeps } from './agent-loop.ts';
import { broadcastByTags, sendToAgentAsync, waitForReply } from './agent-messaging.ts';
import { AgentStore } from './agent-store.ts';
import { collect, queuedTurn } from './agent-turns.ts';
import { BlockStore } from './block-store.ts';
import type { MultiAgentOps } from './builtin-tools/index.ts';
import { InboxDelivery } from './inbox-delivery.ts';
import { InboxStore } from './inbox-store.ts';
import type { LocalAgentPlatformOptions, LocalRuntime } from './local-runtime.ts';
import { asyncEnvelope } from './messages-between-agents.ts';
import { MessageStore } from './message-store.ts';
import { PassageStore } from './passage-store.ts';
import { reserveTurn } from './turn-lease.ts';
import { TurnQueue } from './turn-queue.ts';

/** The runtime of `platform` (the agent platform registry tools reach unless `opts.toolServices` names another). */
export function createLocalRuntime(opts: LocalAgentPlatformOptions, platform: AgentPlatform): LocalRuntime {
  const log = opts.log ?? logger();
  const maxSteps = opts.maxSteps ?? 24;
  const agents = new AgentStore(opts.db);
  const blocks = new BlockStore(opts.db);
  const messages = new MessageStore(opts.db);
  const passages = new PassageStore(opts.db);
  const inbox = new InboxStore(opts.db);
  const queue = new TurnQueue();
  const delivery = new InboxDelivery({
    inbox,
    reserve: (agentId) => reserveTurn(rt, agentId),
    gate: opts.gate,
    log,
    claimMs: opts.inboxClaimMs,
    sweepMs: opts.inboxSweepMs,
    runTurn: async (agentId, message, place) => {
      const content = message.sender_agent_id ? asyncEnvelope(message.sender_agent_id, message.content) : message.content;
      await collect(queuedTurn(rt, agentId, { ...message, content }, { max_steps: maxSteps, chain: [] }, place));
    },
  });
  const services: ToolServices = {
    ...opts.toolServices,
    db: opts.toolServices.db ?? (async () => opts.db),
    agents: opts.toolServices.agents ?? (async () => platform),
  };
  const audit = opts.audit === undefined ? dbAuditSink(opts.db) : (opts.audit ?? undefined);
  const multiAgent: MultiAgentOps = {
    sendAsync: (from, to, text) => sendToAgentAsync(rt, from, to, text),
    sendAndWait: (from, to, text, chain, timeoutMs) => waitForReply(rt, from, to, text, chain, timeoutMs),
    sendMatchingTags: (from, q, text, chain) => broadcastByTags(rt, from, q, text, chain),
  };
  const deps: TurnDeps = {
    agents,
    blocks,
    messages,
    passages,
    brains: opts.brains,
    multiAgent,
    toolContext: (agent) => ({ actor: { kind: 'agent', id: agent.id, label: agent.name }, services }),
    invokeOptions: { audit, onInternalError: (tool, err) => log.error({ tool, err }, 'agent tool failed unexpectedly') },
    historyLimit: opts.historyLimit ?? 200,
    tracker: opts.tracker ?? services.planning,
  };
  const rt: LocalRuntime = {
    agents,
    blocks,
    messages,
    passages,
    inbox,
    delivery,
    queue,
    ...(opts.turnLease ? { turnLease: opts.turnLease } : {}),
    background: new Set(),
    deps,
    log,
    maxSteps,
    replyTimeoutMs: opts.replyTimeoutMs ?? 120_000,
    gate: opts.gate,
    closed: false,
  };
  return rt;
}
