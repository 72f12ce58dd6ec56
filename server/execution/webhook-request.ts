import { errorResponse } from '../http/read-body.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { admitSignedWebhook } from './signed-webhook.ts';
import { recordWebhook } from './webhook.ts';

const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS = { no_run: 404, no_state: 404, finished: 410, too_many: 429 } as const;

/**
 * One POST to a run's webhook (app/api/runs/[runId]/webhook), answered in the tool layer's error
 * shape: the run id's form (400); the checks of every signed webhook (signed-webhook.ts: token
 * for `?state=`, call allowance, body size, JSON); then recordWebhook: 404 unknown run or state,
 * 410 when the state or run has finished, 429 when the state had its share of events.
 */
export async function handleRunWebhook(x: ExecutionServices, runId: string, request: Request): Promise<Response> {
  if (!RUN_ID.test(runId)) return errorResponse(400, 'invalid_input', 'not a run id');
  const admitted = await admitSignedWebhook(request, {
    config: x.config,
    redis: x.redis,
    scope: runId,
    partParam: 'state',
    what: `run ${runId}`,
  });
  if (!admitted.ok) return admitted.response;
  const recorded = await recordWebhook(x, runId, admitted.part, admitted.body);
  if (recorded.ok) return Response.json({ status: 'ok', error: null });
  const code = recorded.reason === 'finished' ? 'gone' : recorded.reason === 'too_many' ? 'rate_limited' : 'not_found';
  return errorResponse(STATUS[recorded.reason], code, recorded.message);
}
