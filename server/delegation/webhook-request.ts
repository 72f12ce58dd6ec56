import type { RedisClient } from '../redis/connection.ts';
import type { AppConfig } from '../config.ts';
import { admitSignedWebhook } from '../execution/signed-webhook.ts';
import { errorResponse } from '../http/read-body.ts';
import type { DelegationHub } from './hub.ts';
import { recordSessionWebhook, sessionScope } from './webhook.ts';

const SESSION_ID = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * One POST to a session's webhook: the id's form (400); the checks of every signed webhook
 * (execution/signed-webhook.ts: token for `?agent=`, call allowance, body size, JSON); then
 * 404 no session, 410 finalized.
 */
export async function handleSessionWebhook(
  deps: { config: AppConfig; redis: RedisClient | undefined; hub: () => Promise<DelegationHub> },
  sessionId: string,
  request: Request,
): Promise<Response> {
  if (!SESSION_ID.test(sessionId)) return errorResponse(400, 'invalid_input', 'not a session id');
  const admitted = await admitSignedWebhook(request, {
    config: deps.config,
    redis: deps.redis,
    scope: sessionScope(sessionId),
    partParam: 'agent',
    what: `session ${sessionId}`,
  });
  if (!admitted.ok) return admitted.response;
  const recorded = await recordSessionWebhook(await deps.hub(), sessionId, admitted.part, admitted.body);
  if (recorded.ok) return Response.json({ status: 'ok', error: null });
  return recorded.reason === 'finished' ? errorResponse(410, 'gone', recorded.message) : errorResponse(404, 'not_found', recorded.message);
}
