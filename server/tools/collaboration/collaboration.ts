import type { Collab } from '../../collaboration/context.ts';
import { CollaborationError } from '../../collaboration/errors.ts';
import type { ToolContext } from '../../contracts/tool-services.ts';
import { fail, ok, type ToolResult } from '../../tool-result.ts';
import { failureOf } from '../delegation/delegation.ts';

/**
 * What the collaboration tools share: reaching the database and the agent platform, and turning
 * the expected failures of server/collaboration (and of the platforms) into error envelopes.
 */
export async function withCollab<T extends object>(ctx: ToolContext, work: (c: Collab) => Promise<T>): Promise<ToolResult<T>> {
  const { services, actor } = ctx;
  if (!services.agents) {
    return fail(
      'unavailable',
      'collaboration needs the agent platform, which this context does not provide ' +
        '(run it in the console, over MCP, or with the CLI against the console)',
    );
  }
  if (!services.db) return fail('unavailable', 'collaboration needs the database, which this context does not provide');
  let c: Collab;
  try {
    const [platform, db] = await Promise.all([services.agents(), services.db()]);
    c = { platform, db, config: services.config, actor };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return fail('unavailable', `cannot reach the agent platform or the database: ${reason}`);
  }
  try {
    return ok(await work(c));
  } catch (err) {
    if (err instanceof CollaborationError) return fail(err.code, err.message, err.details);
    return failureOf(err);
  }
}
