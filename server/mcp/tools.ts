import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AuditEntry, AuditSink } from '../audit/log.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import type { AnyTool } from '../tools/define-tool.ts';
import { invokeTool } from '../tools/invoke.ts';
import { describeTools } from '../tools/registry.ts';
import { fail, type ToolResult } from '../tool-result.ts';
import { agentActor, scopeAllows, type McpPrincipal } from '../auth/api-tokens.ts';

let listing: Tool[] | undefined;

/**
 * The registry as MCP tools: JSON Schemas generated from the zod definitions (describeTools),
 * `readOnlyHint` from `readOnly`. The output schema is the whole result envelope (success fields
 * or the failure), so clients that check `structuredContent` accept tool errors too; MCP wants
 * `type: "object"` at its root, which the union leaves implicit.
 */
export function mcpToolListing(): Tool[] {
  listing ??= describeTools().map((d) => ({
    name: d.name,
    description: d.description,
    inputSchema: d.inputSchema as Tool['inputSchema'],
    outputSchema: { type: 'object', ...(d.outputSchema as object) } as Tool['outputSchema'],
    annotations: { readOnlyHint: d.readOnly },
  }));
  return listing;
}

/** A tool result as MCP returns it: the envelope as `structuredContent` and as JSON text; failures are `isError`. */
export function toCallToolResult(result: ToolResult<object>): CallToolResult {
  const structured = result as unknown as Record<string, unknown>;
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(result) }];
  return result.status === 'error' ? { content, structuredContent: structured, isError: true } : { content, structuredContent: structured };
}

export type McpCallDeps = {
  services: () => ToolServices;
  /** Where every call is recorded (the console's audit log). */
  audit: AuditSink;
  onInternalError?: (tool: string, err: unknown) => void;
};

/**
 * One `tools/call` from an agent: the scope check, then the same invoker the console and the CLI
 * use. Every call is audited with the token's agent as actor: mutating tools by the invoker
 * exactly as the CLI audits them, read-only tools and scope refusals here in the same shape.
 * Each entry's detail names the token, so an admin can tell which token made it.
 */
export async function callToolAsAgent(principal: McpPrincipal, tool: AnyTool, args: unknown, deps: McpCallDeps): Promise<CallToolResult> {
  const actor = agentActor(principal);
  const audit: AuditSink = {
    record: (e: AuditEntry) => deps.audit.record({ ...e, detail: { ...e.detail, via: 'mcp', token_id: principal.tokenId } }),
  };
  if (!scopeAllows(principal.scopes, tool)) {
    const refused = fail(
      'forbidden',
      `${tool.name} changes state, and the token "${principal.tokenName}" has only the read scope; ask an admin for a token with the write scope`,
      {
        required_scope: 'write',
        token_scopes: principal.scopes,
      },
    );
    await audit.record({ actor, action: tool.name, args, status: 'forbidden', detail: { error_code: refused.error_code } });
    return toCallToolResult(refused);
  }
  const result = await invokeTool(
    tool,
    args,
    { actor, services: deps.services() },
    { audit: tool.readOnly ? undefined : audit, onInternalError: deps.onInternalError },
  );
  if (tool.readOnly) {
    await audit.record({
      actor,
      action: tool.name,
      args,
      status: result.status === 'ok' ? 'ok' : 'error',
      detail: result.status === 'error' ? { error_code: result.error_code } : undefined,
    });
  }
  return toCallToolResult(result);
}
