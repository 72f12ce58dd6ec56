import { z } from 'zod';
import type { BuiltinTool } from './builtin.ts';
import {
  archivalMemoryInsert,
  archivalMemorySearch,
  conversationSearch,
  coreMemoryAppend,
  coreMemoryReplace,
  memoryFinishEdits,
  memoryInsert,
  memoryReplace,
  memoryRethink,
} from './memory-tools.ts';
import {
  sendMessage,
  sendMessageToAgentAndWaitForReply,
  sendMessageToAgentAsync,
  sendMessageToAgentsMatchingAllTags,
  sendMessageToAgentsMatchingTags,
} from './messaging-tools.ts';

export type { BuiltinEnv, BuiltinTool, BuiltinToolType, MultiAgentOps } from './builtin.ts';

/** The tools the local runtime implements itself; every other attached tool is the tool registry's. */
export const BUILTIN_TOOLS: readonly BuiltinTool[] = [
  sendMessage,
  conversationSearch,
  archivalMemoryInsert,
  archivalMemorySearch,
  coreMemoryAppend,
  coreMemoryReplace,
  memoryInsert,
  memoryReplace,
  memoryRethink,
  memoryFinishEdits,
  sendMessageToAgentAsync,
  sendMessageToAgentAndWaitForReply,
  sendMessageToAgentsMatchingTags,
  sendMessageToAgentsMatchingAllTags,
];

const byName = new Map(BUILTIN_TOOLS.map((t) => [t.name, t]));

export function findBuiltinTool(name: string): BuiltinTool | undefined {
  return byName.get(name);
}

/** A tool's arguments as the JSON Schema a model sees (no `$schema` key). */
export function argumentsSchema(input: z.ZodObject): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return schema;
}
