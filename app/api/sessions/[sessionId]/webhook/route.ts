import { agentPlatform, config, database, redis, toolServices } from '@/server/app/services';
import { delegationHub } from '@/server/delegation/connect';
import { handleSessionWebhook } from '@/server/delegation/webhook-request';

/**
 * A delegated-mode session's webhook (server/delegation/webhook.ts): asynchronous skills a
 * Companion called report back here with the signed URL they were handed; the call is recorded
 * as a `webhook` event of the session while it is active (limits: execution/webhook-limits.ts).
 */
export async function POST(request: Request, ctx: { params: Promise<{ sessionId: string }> }): Promise<Response> {
  const { sessionId } = await ctx.params;
  const hub = async () => delegationHub(await agentPlatform(), (await database()).db, toolServices());
  return handleSessionWebhook({ config: config(), redis: redis(), hub }, sessionId, request);
}
