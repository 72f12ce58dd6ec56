import { findTool } from '../../tools/registry.ts';
import type { AnyTool } from '../../tools/define-tool.ts';
import type { BrainTool } from '../brains/brain.ts';
import { argumentsSchema, findBuiltinTool, type BuiltinTool } from './builtin-tools/index.ts';

/** An attached tool the runtime can run: one of its own, or one of the tool registry's. */
export type ResolvedTool =
  { kind: 'builtin'; tool: BuiltinTool; schema: BrainTool } | { kind: 'registry'; tool: AnyTool; schema: BrainTool };

const cache = new Map<string, ResolvedTool | null>();

/**
 * Resolves a tool name: the runtime's built-in tools first (Letta's base, memory and
 * multi-agent tools), then the tool registry (the same definitions the CLI, tRPC and MCP serve).
 */
export function resolveTool(name: string): ResolvedTool | null {
  if (cache.has(name)) return cache.get(name)!;
  const builtin = findBuiltinTool(name);
  const registry = builtin ? undefined : findTool(name);
  const resolved: ResolvedTool | null = builtin
    ? { kind: 'builtin', tool: builtin, schema: { name, description: builtin.description, parameters: argumentsSchema(builtin.input) } }
    : registry
      ? {
          kind: 'registry',
          tool: registry,
          schema: { name, description: registry.description, parameters: argumentsSchema(registry.input) },
        }
      : null;
  cache.set(name, resolved);
  return resolved;
}

export const isKnownTool = (name: string): boolean => resolveTool(name) !== null;
