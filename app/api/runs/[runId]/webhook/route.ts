import { executionRuntime } from '@/server/app/services';
import { errorResponse } from '@/server/http/read-body';
import { handleRunWebhook } from '@/server/execution/webhook-request';

/**
 * A run's control-plane webhook (server/execution/webhook.ts): an asynchronous skill calls it
 * when a job finishes, and the call is recorded as a `webhook` event of the run. Skills are not
 * console users, so the URL itself is the credential: it carries a token signed for one state
 * instance of the run, accepted only while that instance runs, with size and rate limits
 * (server/execution/webhook-request.ts).
 */
export async function POST(request: Request, ctx: { params: Promise<{ runId: string }> }): Promise<Response> {
  const { runId } = await ctx.params;
  const runtime = executionRuntime();
  if (!runtime) return errorResponse(503, 'unavailable', 'workflow execution needs Redis');
  return handleRunWebhook((await runtime).x, runId, request);
}
