import { appMcpHandlers } from '@/server/app/mcp-handlers';
import { withBodyLimit } from '@/server/http/buffered-request';
import { BODY_LIMITS } from '@/lib/http-limits';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Legacy HTTP+SSE transport: one client message of the session named by `?sessionId=`, at most BODY_LIMITS.mcp. */
export async function POST(req: Request): Promise<Response> {
  const limited = await withBodyLimit(req, BODY_LIMITS.mcp);
  return limited.ok ? appMcpHandlers().sseMessage(limited.value) : limited.response;
}
