import type { z } from 'zod';
import type { ToolResult } from '../../../tool-result.ts';
import type { BlockStore } from '../block-store.ts';
import type { MessageStore } from '../message-store.ts';
import type { PassageStore } from '../passage-store.ts';

/** Letta's tool types of the tools the local runtime implements itself (`.af` `tool_type`). */
export type BuiltinToolType = 'letta_core' | 'letta_memory_core' | 'letta_sleeptime_core' | 'letta_multi_agent_core';

/** Agent-to-agent messaging, as the platform provides it to the multi-agent tools. */
export interface MultiAgentOps {
  sendAsync(fromAgentId: string, toAgentId: string, text: string): Promise<void>;
  /** `chain`: the agents already waiting for a reply up this call chain (a cycle would deadlock). */
  sendAndWait(fromAgentId: string, toAgentId: string, text: string, chain: string[], timeoutMs?: number): Promise<string>;
  sendMatchingTags(
    fromAgentId: string,
    q: { match_all: string[]; match_some: string[] },
    text: string,
    chain: string[],
  ): Promise<Array<{ agent_id: string; reply: string }>>;
}

/** What a built-in tool may use: the calling agent and the runtime's stores. */
export interface BuiltinEnv {
  agentId: string;
  blocks: BlockStore;
  messages: MessageStore;
  passages: PassageStore;
  multiAgent: MultiAgentOps;
  /** Agents waiting (send_message_to_agent_and_wait_for_reply) on the one running this tool, itself last. */
  chain: string[];
}

/**
 * A tool the local runtime implements itself (Letta's base, memory, sleep-time and multi-agent
 * tools), in the shape of the tool layer's definitions: zod input, a result envelope.
 */
export interface BuiltinTool<I extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  toolType: BuiltinToolType;
  input: I;
  /** Ends the agent's turn once it has run (send_message, memory_finish_edits). */
  terminal?: boolean;
  run(args: z.output<I>, env: BuiltinEnv): Promise<ToolResult<Record<string, unknown>>>;
}

export function defineBuiltin<I extends z.ZodObject>(t: BuiltinTool<I>): BuiltinTool {
  return t as unknown as BuiltinTool;
}
