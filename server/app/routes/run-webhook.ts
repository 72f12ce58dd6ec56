import type { ExecutionRuntime } from '../../execution/runtime.ts';
import { handleRunWebhook } from '../../execution/webhook-request.ts';
import { errorResponse } from '../../http/read-body.ts';
import { executionRuntime } from '../services.ts';

/**
 * A run's control-plane webhook (server/execution/webhook.ts) as a route handler, handed the process's execution
 * runtime (undefined: no Redis, 503). An asynchronous skill calls it when a job finishes, and the call is recorded as a
 * `webhook` event of the run. Skills are not console users, so the URL itself is the credential: it carries a token
 * signed for one state instance of the run, accepted only while that instance runs, with size and rate limits
 * (server/execution/webhook-request.ts).
 */
export function runWebhookRoutes(services: { executionRuntime: () => Promise<ExecutionRuntime> | undefined }) {
  const POST = async (request: Request, ctx: { params: Promise<{ runId: string }> }): Promise<Response> => {
    const { runId } = await ctx.params;
    const runtime = services.executionRuntime();
    if (!runtime) return errorResponse(503, 'unavailable', 'workflow execution needs Redis');
    return handleRunWebhook((await runtime).x, runId, request);
  };
  return { POST };
}

/** The run webhook of this process, from the composition root's services. */
export const runWebhookRoute = runWebhookRoutes({ executionRuntime });
