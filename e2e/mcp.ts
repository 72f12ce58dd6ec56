import type { APIRequestContext } from '@playwright/test';

/**
 * One JSON-RPC request to the console's MCP endpoint as an agent sends it (Streamable HTTP,
 * stateless: no session). The answer is an SSE stream with one `message` event, or plain JSON
 * for refusals; both are read back here.
 */
export async function mcp(request: APIRequestContext, token: string | null, method: string, params: Record<string, unknown> = {}) {
  const res = await request.post('/api/mcp', {
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    data: { jsonrpc: '2.0', id: 1, method, params },
  });
  const text = await res.text();
  const data = /^data: (.+)$/m.exec(text)?.[1] ?? text;
  return { status: res.status(), body: JSON.parse(data) as { result?: Record<string, unknown>; error?: { message: string } } };
}

export type CallResult = { isError?: boolean; structuredContent: Record<string, unknown> };

/** tools/call with the token's identity: the tool's result (structuredContent holds its output). */
export async function callTool(request: APIRequestContext, token: string, name: string, args: Record<string, unknown>) {
  const { body } = await mcp(request, token, 'tools/call', { name, arguments: args });
  if (!body.result) throw new Error(`${name}: ${body.error?.message ?? 'no result'}`);
  return body.result as CallResult;
}
