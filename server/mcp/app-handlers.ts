import { database, toolServices } from '../app/services.ts';
import { logger } from '../log.ts';
import { createMcpHandlers, type McpHandlers } from './handlers.ts';

const KEY = Symbol.for('dcf.mcp.handlers');

/** The MCP handlers of this server process (the console's database, tool services and logger), created once. */
export function appMcpHandlers(): McpHandlers {
  const holder = globalThis as { [KEY]?: McpHandlers };
  holder[KEY] ??= createMcpHandlers({
    db: async () => (await database()).db,
    services: toolServices,
    log: logger().child({ component: 'mcp' }),
  });
  return holder[KEY];
}
