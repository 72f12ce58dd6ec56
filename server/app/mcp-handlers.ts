import { database, redis, toolServices } from './services.ts';
import { logger } from '../log.ts';
import { createMcpHandlers, type McpHandlers } from '../mcp/handlers.ts';

const KEY = Symbol.for('dcf.mcp.handlers');

/**
 * The MCP handlers of this server process, created once from the composition root's services (the
 * console's database, tool services, logger and Redis — with Redis, legacy SSE sessions are registered
 * there and reachable through any console): server/mcp receives them and never reaches for them.
 */
export function appMcpHandlers(): McpHandlers {
  const holder = globalThis as { [KEY]?: McpHandlers };
  holder[KEY] ??= createMcpHandlers({
    db: async () => (await database()).db,
    services: toolServices,
    log: logger().child({ component: 'mcp' }),
    redis: redis(),
  });
  return holder[KEY];
}
