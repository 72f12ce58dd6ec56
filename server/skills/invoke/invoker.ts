import type { AppConfig } from '../../config.ts';
import type { SkillManifest, ToolRequirement } from '../manifest.ts';
import '../builtin/index.ts'; // registers the built-in skills' handlers
import { withDeadline } from './deadline.ts';
import { mcpUrlFor } from './in-process-demo.ts';
import { McpClientPool, TransportError } from './mcp-client-pool.ts';
import { outcomeFromMcpResult } from './outcome.ts';
import { findRegisteredTool, SkillToolError } from './registered-tools.ts';
import { IDEMPOTENCY_META_KEY, type SkillCallResult, type SkillInvocation, type SkillInvoker } from './types.ts';

/**
 * Calls skill tools by their manifest definition (types.ts has the contract and failure names):
 * - `mcp_server` → the SDK MCP client over Streamable HTTP, at the endpoint resolved through
 *   the skill's or its group's MCP server (DCF_MCP_ENDPOINTS, skill-endpoints.ts), else
 *   `config.skillTransport.mcpBaseUrl` (endpoint.ts), or the in-process demo server when unset;
 * - `registered` → the in-process handler registered for `<manifestId>#<toolName>`;
 * - `python_source` → refused (SkillUnsupported): it needs a sandbox this deployment does not have.
 * Every call runs under `timeoutMs` and the caller's signal (deadline.ts), and carries the
 * caller's idempotency key, if any, outside the tool's arguments (types.ts).
 */
export function createSkillInvoker(opts: { config: AppConfig }): SkillInvoker {
  const { config } = opts;
  const pool = new McpClientPool();

  async function callMcp(
    def: Extract<ToolRequirement['definition'], { type: 'mcp_server' }>,
    inv: SkillInvocation,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<SkillCallResult> {
    let url: string;
    try {
      url = await mcpUrlFor(def.endpointUrl, config, inv.manifest);
    } catch (err) {
      return { ok: false, error: 'SkillUnavailable', cause: `cannot start the in-process demo skills server: ${(err as Error).message}` };
    }
    try {
      const meta = inv.idempotencyKey ? { [IDEMPOTENCY_META_KEY]: inv.idempotencyKey } : undefined;
      return outcomeFromMcpResult(await pool.callTool(url, inv.toolName, inv.args, signal, timeoutMs, meta));
    } catch (err) {
      if (err instanceof TransportError) return { ok: false, error: 'SkillUnavailable', cause: err.message };
      throw err;
    }
  }

  async function callRegistered(manifest: SkillManifest, inv: SkillInvocation, signal: AbortSignal): Promise<SkillCallResult> {
    const handler = findRegisteredTool(manifest.manifestId, inv.toolName);
    if (!handler)
      return {
        ok: false,
        error: 'SkillToolNotFound',
        cause: `no registered handler for ${manifest.manifestId}#${inv.toolName} in this deployment`,
      };
    try {
      const key = inv.idempotencyKey;
      const ctx = { attempt: inv.attempt, signal, ...(key ? { idempotencyKey: key } : {}) };
      return { ok: true, result: await handler(inv.args, ctx) };
    } catch (err) {
      if (err instanceof SkillToolError) return { ok: false, error: err.error, cause: err.cause };
      throw err;
    }
  }

  return {
    async invoke(inv) {
      const started = performance.now();
      const timeoutMs = inv.timeoutMs ?? config.execution.skillTimeoutS * 1000;
      const { manifest, toolName } = inv;
      const tool = manifest.requiredTools.find((t) => t.toolName === toolName);
      const result: SkillCallResult = !tool
        ? { ok: false, error: 'SkillToolNotFound', cause: `${manifest.manifestId} has no tool ${toolName}` }
        : tool.definition.type === 'python_source'
          ? {
              ok: false,
              error: 'SkillUnsupported',
              cause: `${manifest.skillName}/${toolName} is a python_source tool: python_source tools need a code sandbox, which this deployment does not have`,
            }
          : await withDeadline({ skillName: manifest.skillName, toolName, timeoutMs, signal: inv.signal }, (signal) => {
              const def = tool.definition;
              return def.type === 'mcp_server' ? callMcp(def, inv, signal, timeoutMs) : callRegistered(manifest, inv, signal);
            });
      return { ...result, latencyMs: Math.round(performance.now() - started) };
    },
    close: () => pool.close(),
  };
}
