import { readBodyBytes, type BodyRead } from './read-body.ts';

/**
 * The request with its body read under `maxBytes` (413 beyond it, read-body.ts) and put back as
 * the same bytes, for handlers that read the body themselves (tRPC's fetchRequestHandler, the
 * MCP transports) and would otherwise read any size. A request without a body is returned as is.
 */
export async function withBodyLimit(request: Request, maxBytes: number): Promise<BodyRead<Request>> {
  if (!request.body) return { ok: true, value: request };
  const bytes = await readBodyBytes(request, maxBytes);
  if (!bytes.ok) return bytes;
  const { method, headers, signal } = request;
  return { ok: true, value: new Request(request.url, { method, headers, signal, body: bytes.value }) };
}
