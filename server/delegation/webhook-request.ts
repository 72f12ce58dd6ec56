import type { Redis } from 'ioredis';
import { errorResponse, isJsonText, readBodyText } from '../http/read-body.ts';
import { withHeader } from '../execution/webhook-request.ts';
import { takeWebhookCall, WEBHOOK_LIMITS } from '../execution/webhook-limits.ts';
import { webhookKey, webhookTokenMatches } from '../execution/webhook-token.ts';
import type { AppConfig } from '../config.ts';
import type { DelegationHub } from './hub.ts';
import { recordSessionWebhook, sessionScope } from './webhook.ts';

const SESSION_ID = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * One POST to a session's webhook, in the order of the run webhook (execution/webhook-request.ts):
 * the id's form (400); the signed token of the URL (403 without it or when it does not match,
 * before the session is looked up); the session's call allowance (429 with Retry-After); the body
 * up to WEBHOOK_LIMITS.maxBodyBytes (413), JSON (400); then 404 no session, 410 finalized.
 */
export async function handleSessionWebhook(
  deps: { config: AppConfig; redis: Redis | undefined; hub: () => Promise<DelegationHub> }, sessionId: string, request: Request,
): Promise<Response> {
  if (!SESSION_ID.test(sessionId)) return errorResponse(400, 'invalid_input', 'not a session id');
  const query = new URL(request.url).searchParams;
  const agent = query.get('agent');
  const token = query.get('token');
  if (!agent || !token) {
    const error = 'this webhook needs the URL the session handed to the skill (with its agent and token)';
    return errorResponse(403, 'forbidden', error);
  }
  if (!webhookTokenMatches(await webhookKey(deps.config), sessionScope(sessionId), agent, token)) {
    return errorResponse(403, 'forbidden', `the token does not match session ${sessionId}, agent ${agent}`);
  }
  const wait = await takeWebhookCall(deps.redis, sessionScope(sessionId));
  if (wait !== null) {
    const error = `session ${sessionId} receives at most ${WEBHOOK_LIMITS.callsPerMinute} webhook calls a minute; `
      + `retry in ${wait} s`;
    return withHeader(errorResponse(429, 'rate_limited', error), 'retry-after', String(wait));
  }
  const body = await readBodyText(request, WEBHOOK_LIMITS.maxBodyBytes);
  if (!body.ok) return body.response;
  if (!isJsonText(body.value)) return errorResponse(400, 'invalid_input', 'the request body is not valid JSON');
  const recorded = await recordSessionWebhook(await deps.hub(), sessionId, agent, body.value);
  if (recorded.ok) return Response.json({ status: 'ok', error: null });
  return recorded.reason === 'finished'
    ? errorResponse(410, 'gone', recorded.message)
    : errorResponse(404, 'not_found', recorded.message);
}
