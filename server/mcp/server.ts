import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { findTool } from '../tools/registry.ts';
import type { McpPrincipal } from '../auth/api-tokens.ts';
import { callToolAsAgent, mcpToolListing, type McpCallDeps } from './tools.ts';

export const MCP_SERVER_INFO = { name: 'dcf-console', version: '0.1.0' };

const INSTRUCTIONS =
  'Tools of the Dynamic Capability Framework console: validate and run Letta-ASL workflows, work the Redis control plane ' +
  '(leases, notifications), load and invoke skills, and the learning loop (graph episodes, memory, reliability, lineage). ' +
  'Every result is an envelope {status: "ok"|"error", error, ...fields}; failures also carry error_code and details. ' +
  'Tools with readOnlyHint change nothing; the others need a token with the write scope.';

/**
 * tools/call with `arguments` unchecked. The SDK's base protocol parses a request with the schema a
 * handler is registered with and answers a failed parse -32603 (internal error); with this schema
 * a non-object `arguments` (a string, a number, an array, null) reaches the SDK Server's own
 * tools/call check, which answers -32602 (invalid params): the caller's mistake, not ours.
 */
const CallToolRequestLoose = CallToolRequestSchema.extend({
  params: CallToolRequestSchema.shape.params.extend({ arguments: z.unknown().optional() }),
});

/** Only elicitation uses the server-side validator; one instance serves every per-request server. */
const validator = new AjvJsonSchemaValidator();

/**
 * An MCP server for one authenticated caller (per request in stateless Streamable HTTP, per
 * session over legacy SSE): `tools/list` serves the whole registry, `tools/call` runs a tool as
 * the token's agent. An unknown tool name is a protocol error (-32602), as the MCP spec shows.
 */
export function createMcpServer(principal: McpPrincipal, deps: McpCallDeps): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: validator,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpToolListing() }));
  server.setRequestHandler(CallToolRequestLoose, async (request) => {
    const tool = findTool(request.params.name);
    // A plain error with a code: McpError would put its "MCP error -32602:" prefix into the wire message.
    if (!tool) throw Object.assign(new Error(`Unknown tool: ${request.params.name}`), { code: ErrorCode.InvalidParams });
    return callToolAsAgent(principal, tool, request.params.arguments, deps);
  });
  return server;
}
