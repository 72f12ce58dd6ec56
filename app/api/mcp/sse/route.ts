import { appMcpHandlers } from '@/server/app/mcp-handlers';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Legacy HTTP+SSE transport: opens a session's event stream (messages go to /api/mcp/messages). */
export function GET(req: Request): Promise<Response> {
  return appMcpHandlers().sseConnect(req);
}
