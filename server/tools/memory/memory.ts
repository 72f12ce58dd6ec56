import { z } from 'zod';
import type { ToolContext } from '../../contracts/tool-services.ts';
import { AgentMemoryStore, type QuotaScope } from '../../agent-memory/store.ts';
import { lineageAgentNames } from '../../auth/token-lineage.ts';
import { isMemoryFileError } from '../../agent-memory/errors.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';
import { ARG_LIMITS } from '../limits.ts';

/** The spec's base64 parameters (standard alphabet, padded); empty content is allowed. */
export const base64Param = z.base64('must be base64 (standard alphabet, with padding)').max(ARG_LIMITS.fileBase64);
export const filePathParam = z
  .string()
  .min(1)
  .max(ARG_LIMITS.path)
  .describe('Relative path within your own memory directory, e.g. "notes/daily_log.md".');

/**
 * The quota scope of an agent calling with a token (issue 29): its token's whole lineage, by origin
 * (server/auth/token-lineage.ts), so tokens minted with spawn_agent share one quota instead of bringing a
 * fresh one each, and so do all the spawned roots of one tokenless caller with everything under them. Without a
 * token (an in-process agent) or a database, the agent's own directory is its quota.
 */
async function quotaScope(ctx: ToolContext): Promise<QuotaScope | undefined> {
  if (ctx.actor.kind !== 'agent' || !ctx.actor.tokenId || !ctx.services.db) return undefined;
  const { root, agents } = await lineageAgentNames(await ctx.services.db(), ctx.actor.tokenId);
  return { key: root, agentIds: agents };
}

/**
 * Runs a memory-file operation as the calling agent. The agent is `ctx.actor` — its session
 * (local runtime) or its MCP token's agent name — never an argument, so one agent can never name
 * another's directory. Users and the system have no memory directory: `forbidden`. The store's
 * refusals become failures with their codes; anything else thrown is left to the tool layer.
 */
export async function asCallingAgent<T>(
  ctx: ToolContext,
  tool: string,
  work: (store: AgentMemoryStore, agentId: string) => Promise<T>,
): Promise<T | ToolFailure> {
  if (ctx.actor.kind !== 'agent') {
    return fail(
      'forbidden',
      `${tool} works on the calling agent's own memory directory, and this caller is a ${ctx.actor.kind} ` +
        `(${ctx.actor.label}), not an agent: call it as an agent (over MCP with an agent token, or from an agent's ` +
        "turn); admins browse agents' files in the Agents view",
    );
  }
  const { dataDir, agentMemory } = ctx.services.config;
  try {
    return await work(new AgentMemoryStore(dataDir, agentMemory, await quotaScope(ctx)), ctx.actor.id);
  } catch (err) {
    if (isMemoryFileError(err)) return fail(err.code, err.message, err.details);
    throw err;
  }
}

export const decodeBase64 = (text: string) => Buffer.from(text, 'base64');
