/**
 * The local platform's options, and the runtime built from them (create-runtime.ts) that its parts
 * share (local-platform.ts, agent-turns.ts, agent-messaging.ts): the stores, the turn queue, the
 * durable inbox's delivery, the work under way in the background, and whether the platform is closing.
 */
import type { Logger } from 'pino';
import type { AuditSink } from '../../audit/log.ts';
import type { Db } from '../../db/client.ts';
import type { MessageGate } from '../../contracts/agent-platform.ts';
import type { PlanTracker } from '../../contracts/planning/ports.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import type { BrainSelection } from '../brains/select.ts';
import type { TurnDeps } from './agent-loop.ts';
import type { AgentStore } from './agent-store.ts';
import type { BlockStore } from './block-store.ts';
import type { InboxDelivery } from './inbox-delivery.ts';
import type { InboxStore } from './inbox-store.ts';
import type { MessageStore } from './message-store.ts';
import type { PassageStore } from './passage-store.ts';
import type { TurnQueue } from './turn-queue.ts';
import type { AgentTurnLease } from './turn-lease.ts';

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
  /**
   * Each agent's cross-process turn lease (turn-lease.ts), for deployments where several processes
   * run turns of the same agents on one database; without it turns are ordered in this process only.
   * The platform closes it at close().
   */
  turnLease?: AgentTurnLease;
}

/** What the platform runs on, built once from its options. */
export interface LocalRuntime {
  readonly agents: AgentStore;
  readonly blocks: BlockStore;
  readonly messages: MessageStore;
  readonly passages: PassageStore;
  readonly inbox: InboxStore;
  readonly delivery: InboxDelivery;
  /** One turn at a time per agent, in arrival order (in this process; reserve through turn-lease.ts's reserveTurn). */
  readonly queue: TurnQueue;
  /** One turn at a time per agent across processes, when configured. */
  readonly turnLease?: AgentTurnLease;
  /** Work nobody awaits to its end (each turn's sleep-time wake-up, each waited-for turn, which goes on past a timed-out wait): close() waits for it. */
  readonly background: Set<Promise<void>>;
  /** What the agent loop runs a turn with. */
  readonly deps: TurnDeps;
  readonly log: Logger;
  /** Steps per turn unless a call says otherwise. */
  readonly maxSteps: number;
  /** How long send_message_to_agent_and_wait_for_reply waits for the reply unless the call says otherwise. */
  readonly replyTimeoutMs: number;
  /** Checks agent-to-agent and queued host messages at send (and, in inbox-delivery.ts, at delivery). */
  readonly gate?: MessageGate;
  /** Set by close(): no more agent-to-agent messages or sleep-time wake-ups are taken. */
  closed: boolean;
}
