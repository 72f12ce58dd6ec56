import type { AppConfig } from '../../config.ts';
import { withDeadline } from './deadline.ts';
import { mcpUrlFor } from './in-process-demo.ts';
import { McpClientPool, TransportError } from './mcp-client-pool.ts';
import { outcomeFromMcpResult } from './outcome.ts';
import type { SkillCallResult } from './types.ts';

/**
 * The demo skills server's admin tools (`demo_get_faults`, `demo_set_faults`), reached exactly as
 * the skills are: the manifests' endpoint resolved through DCF_MCP_BASE_URL (or the in-process
 * demo server), over the MCP client. Used by the set_demo_faults tool.
 */
export const DEMO_ENDPOINT = 'ws://mcp-server:8765';
const pool = new McpClientPool();

export async function callDemoAdmin(
  config: AppConfig,
  tool: 'demo_get_faults' | 'demo_set_faults',
  args: Record<string, unknown>,
  timeoutMs = 10_000,
): Promise<SkillCallResult & { url?: string }> {
  let url: string;
  try {
    url = await mcpUrlFor(DEMO_ENDPOINT, config);
  } catch (err) {
    return { ok: false, error: 'SkillUnavailable', cause: `cannot start the in-process demo skills server: ${(err as Error).message}` };
  }
  const result = await withDeadline({ skillName: 'demo-skills', toolName: tool, timeoutMs }, async (signal) => {
    try {
      return outcomeFromMcpResult(await pool.callTool(url, tool, args, signal, timeoutMs));
    } catch (err) {
      if (err instanceof TransportError) return { ok: false, error: 'SkillUnavailable', cause: err.message };
      throw err;
    }
  });
  return { ...result, url };
}
