import type { z } from 'zod';
import type { ToolContext } from '../contracts/tool-services.ts';
import type { ToolResult } from '../tool-result.ts';

/**
 * One tool, defined once and served to agents (MCP), the console (tRPC) and scripts (CLI).
 * `input` validates arguments (the layer rejects bad input before the handler runs);
 * `output` describes the fields of a successful result (the envelope is added by the layer);
 * `readOnly` tools change nothing, so they are not audited and may be exposed to read-only scopes.
 */
export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  input: I;
  output: O;
  readOnly: boolean;
  /**
   * Milliseconds a call may run before its caller gets `timed_out` (server/tools/budget.ts); default
   * DCF_TOOL_BUDGET_S. Only tools that wait on purpose declare one, from their arguments.
   */
  budgetMs?: (input: z.output<I>) => number;
  handler: (input: z.output<I>, ctx: ToolContext) => Promise<ToolResult<z.input<O>>>;
}

/** Identity with inference: `defineTool({...})` keeps the input/output types of each tool. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: ToolDefinition<I, O>): ToolDefinition<I, O> {
  if (!/^[a-z][a-z0-9_]*$/.test(def.name)) throw new Error(`tool name must be snake_case: ${def.name}`);
  return def;
}

/** A tool with its type parameters erased, as the registry holds it. */
export type AnyTool = ToolDefinition<z.ZodObject, z.ZodObject>;
