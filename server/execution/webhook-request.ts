import { errorResponse, isJsonText, readBodyText } from '../http/read-body.ts';
import type { ExecutionServices } from './services.ts';
import { recordWebhook } from './webhook.ts';
import { takeWebhookCall, WEBHOOK_LIMITS } from './webhook-limits.ts';
import { webhookKey, webhookTokenMatches } from './webhook-token.ts';

const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS = { no_run: 404, no_state: 404, finished: 410, too_many: 429 } as const;

/**
 * One POST to a run's webhook (app/api/runs/[runId]/webhook), answered in the tool layer's error
 * shape. In order, each step cheaper than the next: the run id's form; the signed token of the
 * URL (`?state=&token=`, webhook-token.ts: 403 without it or when it does not match — before
 * the run is even looked up, so run ids cannot be probed); the run's call allowance (429 with
 * Retry-After); the body, read up to WEBHOOK_LIMITS.maxBodyBytes (413) and checked to be JSON
 * (400); then recordWebhook: 404 unknown run or state, 410 when the state or run has finished,
 * 429 when the state had its share of events.
 */
export async function handleRunWebhook(x: ExecutionServices, runId: string, request: Request): Promise<Response> {
  if (!RUN_ID.test(runId)) return errorResponse(400, 'invalid_input', 'not a run id');
  const query = new URL(request.url).searchParams;
  const instance = query.get('state');
  const token = query.get('token');
  if (!instance || !token) {
    const error = 'this webhook needs the URL the run handed to the skill (with its state and token)';
    return errorResponse(403, 'forbidden', error);
  }
  if (!webhookTokenMatches(await webhookKey(x.config), runId, instance, token)) {
    return errorResponse(403, 'forbidden', `the token does not match run ${runId}, state ${instance}`);
  }
  const wait = await takeWebhookCall(x.redis, runId);
  if (wait !== null) {
    const error = `run ${runId} receives at most ${WEBHOOK_LIMITS.callsPerMinute} webhook calls a minute; `
      + `retry in ${wait} s`;
    return withHeader(errorResponse(429, 'rate_limited', error), 'retry-after', String(wait));
  }
  const body = await readBodyText(request, WEBHOOK_LIMITS.maxBodyBytes);
  if (!body.ok) return body.response;
  if (!isJsonText(body.value)) {
    return errorResponse(400, 'invalid_input', 'the request body is not valid JSON');
  }
  const recorded = await recordWebhook(x, runId, instance, body.value);
  if (recorded.ok) return Response.json({ status: 'ok', error: null });
  const code = recorded.reason === 'finished' ? 'gone' : recorded.reason === 'too_many' ? 'rate_limited' : 'not_found';
  return errorResponse(STATUS[recorded.reason], code, recorded.message);
}

export function withHeader(res: Response, name: string, value: string): Response {
  res.headers.set(name, value);
  return res;
}
