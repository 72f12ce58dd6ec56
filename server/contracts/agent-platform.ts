/**
 * The agent-platform port (issue 5; docs/ARCHITECTURE.md "Ports and adapters"): everything the console
 * and the tools need from an agent system — agents from `.af` v2 templates, memory blocks (one
 * block attached to many agents is shared memory), tags, tools, messages with streamed events,
 * agent-to-agent messages, archival passages and sleep-time companions.
 *
 * Two adapters implement it and share one contract suite:
 * - `letta`: a Letta server through `@letta-ai/letta-client` 1.x (tested against Prism serving
 *   the vendored Letta OpenAPI document and recorded SSE fixtures);
 * - `local`: in-process, persisted in Postgres/PGlite, agents run a tool-calling loop with a
 *   pluggable brain (OpenAI-compatible endpoint, or the deterministic offline brain per role).
 *
 * Names and shapes follow Letta's API (message_type values, block labels, tags with
 * match_all_tags) so the two adapters are interchangeable and the console renders either.
 * This interface is separate from `AgentRuntimePort` (./agent-runtime.ts), the workflow-mode
 * worker abstraction that the execution engine drives.
 */

/** A memory block (Letta `Block`): labelled text in an agent's core memory. */
export interface MemoryBlock {
  id: string;
  label: string;
  value: string;
  /** Character limit of `value` (Letta default 5000 / 20000 depending on version; ours 20000). */
  limit: number;
  description?: string | null;
  /** Read-only blocks cannot be changed by the agent itself (the host can). */
  read_only?: boolean;
}

export interface AgentSummary {
  id: string;
  name: string;
  /** Template reference the agent was created from, e.g. `planner@1.0.0`. */
  template: string | null;
  tags: string[];
  /** Tool names attached to the agent. */
  tools: string[];
  /** Ids of the blocks in its core memory. */
  block_ids: string[];
  /** Id of its sleep-time companion, when enabled. */
  sleeptime_agent_id?: string | null;
  created_at: string;
  /** The model the agent runs on, where the platform says (Letta: the agent's model handle); absent on the local runtime. */
  model?: string | null;
}

export interface CreateAgentSpec {
  /** Template name (a file `agents/templates/<name>.af`), e.g. `planner`. */
  template: string;
  name?: string;
  tags?: string[];
  /** Extra blocks to create for this agent (label → value), after the template's. */
  blocks?: Array<{ label: string; value: string; limit?: number; description?: string }>;
  /** Existing blocks to attach (shared memory). */
  block_ids?: string[];
  /** Tool names to attach in addition to the template's. */
  tools?: string[];
  /** Create a sleep-time companion sharing the agent's blocks (Letta `enable_sleeptime`). */
  enable_sleeptime?: boolean;
}

/** A message the host (or another agent) sends to an agent. */
export interface InboundMessage {
  role: 'user' | 'system';
  content: string;
  /** Set when another agent sent it (agent-to-agent messages). */
  sender_agent_id?: string;
}

/**
 * Streamed events, named by Letta's `message_type` values so a Letta stream maps 1:1.
 * `tool_call_message.arguments` is the JSON text the model produced.
 */
export type AgentEvent =
  | { message_type: 'reasoning_message'; id: string; reasoning: string }
  | { message_type: 'tool_call_message'; id: string; tool_call: { tool_call_id: string; name: string; arguments: string } }
  | {
      message_type: 'tool_return_message';
      id: string;
      tool_call_id: string;
      name: string;
      status: 'success' | 'error';
      tool_return: string;
    }
  | { message_type: 'assistant_message'; id: string; content: string }
  /** Why a step failed (Letta `LettaErrorMessage`), e.g. the model endpoint refused; followed by `stop_reason`. */
  | { message_type: 'error_message'; id: string; error_type: string; message: string; detail?: string }
  | { message_type: 'usage_statistics'; prompt_tokens: number; completion_tokens: number; total_tokens: number; step_count: number }
  | { message_type: 'stop_reason'; stop_reason: 'end_turn' | 'max_steps' | 'error' | 'cancelled' | 'requires_approval' | (string & {}) };

/** A persisted message of an agent's history (user, assistant, tool call/return, reasoning). */
export interface StoredMessage {
  id: string;
  agent_id: string;
  created_at: string;
  event: AgentEvent | { message_type: 'user_message' | 'system_message'; id: string; content: string; sender_agent_id?: string };
}

export interface Passage {
  id: string;
  agent_id: string;
  text: string;
  tags: string[];
  created_at: string;
  /** Search score when returned by `searchPassages`. */
  score?: number;
}

/**
 * A message between agents (or from the host: `from` null), as a gate sees it: the text the
 * sender wrote, before any envelope the platform puts around it.
 */
export interface GatedMessage {
  from: string | null;
  to: string;
  text: string;
}

/**
 * Checks messages where the platform can see them (the local runtime: every agent-to-agent and
 * queued host message; Letta: the messages the host sends). Delegated mode validates its message
 * protocols here and records what arrives (server/delegation/message-gate.ts). A refusal is a
 * reason in plain words, never silent: at send the sender gets it as its tool's error, at receipt
 * the message is marked rejected with it (and the gate logs it).
 */
export interface MessageGate {
  /** Null lets the message be queued; a string refuses it. */
  onSend(m: GatedMessage): Promise<string | null>;
  /** Just before the receiver's turn for it: null delivers it, a string rejects it. */
  onReceive(m: GatedMessage): Promise<string | null>;
  /** After the receiver's turn for a delivered message ended (its answer is in its history). */
  onDelivered?(m: GatedMessage): Promise<void>;
}

export interface AgentPlatform {
  /** `letta` or `local`: shown in the console with `describe()`. */
  readonly kind: 'letta' | 'local';
  /** What is active, for the console: e.g. `{ kind: 'local', brain: 'deterministic' }`. */
  describe(): { kind: 'letta' | 'local'; brain?: string; model?: string; base_url?: string };

  // Agents
  createAgent(spec: CreateAgentSpec): Promise<AgentSummary>;
  getAgent(agentId: string): Promise<AgentSummary | null>;
  /** The agents that exist among `ids` (absent ones are left out), in one query where the platform can. */
  getAgents(agentIds: readonly string[]): Promise<AgentSummary[]>;
  /** Agents having all (`match_all_tags`, default) or any of the tags. */
  listAgents(query?: { tags?: string[]; match_all_tags?: boolean; name?: string }): Promise<AgentSummary[]>;
  deleteAgent(agentId: string): Promise<boolean>;
  setTags(agentId: string, tags: string[]): Promise<AgentSummary>;

  // Memory blocks
  createBlock(block: { label: string; value: string; limit?: number; description?: string; read_only?: boolean }): Promise<MemoryBlock>;
  getBlock(blockId: string): Promise<MemoryBlock | null>;
  updateBlock(blockId: string, patch: { value?: string; description?: string; limit?: number }): Promise<MemoryBlock>;
  deleteBlock(blockId: string): Promise<boolean>;
  listAgentBlocks(agentId: string): Promise<MemoryBlock[]>;
  attachBlock(agentId: string, blockId: string): Promise<void>;
  detachBlock(agentId: string, blockId: string): Promise<void>;
  /** Agents whose core memory holds the block. */
  listBlockAgents(blockId: string): Promise<string[]>;

  // Tools (by name; the Letta adapter resolves names to ids of tools of our MCP server)
  attachTool(agentId: string, toolName: string): Promise<void>;
  detachTool(agentId: string, toolName: string): Promise<void>;
  listAgentTools(agentId: string): Promise<string[]>;

  // Messages
  /** Sends a message and streams the agent's reaction until its `stop_reason`. */
  streamMessage(agentId: string, message: InboundMessage, opts?: { signal?: AbortSignal; max_steps?: number }): AsyncIterable<AgentEvent>;
  /** Sends a message and collects the reaction. */
  sendMessage(agentId: string, message: InboundMessage, opts?: { max_steps?: number }): Promise<AgentEvent[]>;
  listMessages(agentId: string, opts?: { limit?: number; before?: string }): Promise<StoredMessage[]>;

  /**
   * Queues a message from the host for the agent without waiting for its turn (Letta
   * `/messages/async`). Durable: it is delivered after the agent's running turn, also after a
   * restart of the console.
   */
  queueMessage(agentId: string, message: InboundMessage): Promise<void>;

  // Agent-to-agent (Letta's multi-agent tools, exposed to the host as well)
  /** `send_message_to_agent_async`: delivers without waiting; resolves once queued (durably, as queueMessage). */
  sendMessageToAgentAsync(fromAgentId: string, toAgentId: string, text: string): Promise<void>;
  /**
   * `send_message_to_agent_and_wait_for_reply`: the reply's assistant text. Fails when no reply
   * comes within `timeout_ms` (the receiver's turn still finishes; its reply stays in its history).
   */
  sendMessageToAgentAndWaitForReply(fromAgentId: string, toAgentId: string, text: string, opts?: { timeout_ms?: number }): Promise<string>;
  /** `send_message_to_agents_matching_tags` (Letta renamed it from `..._matching_all_tags`). */
  sendMessageToAgentsMatchingTags(fromAgentId: string, tags: string[], text: string): Promise<Array<{ agent_id: string; reply: string }>>;

  // Archival memory
  insertPassage(agentId: string, passage: { text: string; tags?: string[] }): Promise<Passage>;
  searchPassages(agentId: string, query: { query: string; tags?: string[]; limit?: number }): Promise<Passage[]>;

  /**
   * A platform that delivers agent-to-agent messages from this process (the local one) delivers
   * these agents' queued messages now: a host waiting on their work takes it on. Letta delivers
   * its own messages, so it has no such method.
   */
  deliverQueued?(agentIds: string[]): void;

  close(): Promise<void>;
}
