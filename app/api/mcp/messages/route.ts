import { appMcpHandlers } from '@/server/mcp/app-handlers';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Legacy HTTP+SSE transport: one client message of the session named by `?sessionId=`. */
export function POST(req: Request): Promise<Response> {
  return appMcpHandlers().sseMessage(req);
}
