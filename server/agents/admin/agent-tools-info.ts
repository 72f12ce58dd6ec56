import { findBuiltinTool } from '../local/builtin-tools/index.ts';
import { findTool } from '../../tools/registry.ts';

/**
 * An attached tool as the Agents view describes it: one of Letta's base tools (messaging,
 * memory, multi-agent; the local runtime implements the same ones), one of our registry's tools
 * (served over MCP; `read_only` says whether it changes anything), or a name this console does
 * not know (a tool someone attached on the Letta server directly).
 */
export type AgentToolInfo =
  | { name: string; kind: 'letta'; description: string; tool_type: string }
  | { name: string; kind: 'dcf'; description: string; read_only: boolean }
  | { name: string; kind: 'unknown'; description: null };

export function agentToolInfo(name: string): AgentToolInfo {
  const builtin = findBuiltinTool(name);
  if (builtin) return { name, kind: 'letta', description: builtin.description, tool_type: builtin.toolType };
  const tool = findTool(name);
  if (tool) return { name, kind: 'dcf', description: tool.description, read_only: tool.readOnly };
  return { name, kind: 'unknown', description: null };
}
