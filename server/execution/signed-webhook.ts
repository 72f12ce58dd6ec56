import type { RedisClient } from '../redis/connection.ts';
import type { AppConfig } from '../config.ts';
import { errorResponse, isJsonText, readBodyText } from '../http/read-body.ts';
import { takeWebhookCall, WEBHOOK_LIMITS } from './webhook-limits.ts';
import { webhookKey, webhookTokenMatches } from './webhook-token.ts';

export type Admitted = { ok: true; part: string; body: string } | { ok: false; response: Response };

/**
 * The checks every signed webhook (a run's, a delegated-mode session's) makes before anything is
 * recorded, in order, each cheaper than the next: the URL's `?<partParam>=&token=` (403 without
 * them or when the token does not match `scope` and the part — before the target is looked up, so
 * ids cannot be probed); the scope's call allowance (429 with Retry-After); the body, read up to
 * WEBHOOK_LIMITS.maxBodyBytes (413) and checked to be JSON (400). `what` names the target in
 * messages ("run <id>", "session <id>").
 */
export async function admitSignedWebhook(
  request: Request,
  at: { config: AppConfig; redis: RedisClient | undefined; scope: string; partParam: string; what: string },
): Promise<Admitted> {
  const query = new URL(request.url).searchParams;
  const part = query.get(at.partParam);
  const token = query.get('token');
  if (!part || !token) {
    const error = `this webhook needs the URL the ${at.what.split(' ')[0]} handed to the skill (with its ${at.partParam} and token)`;
    return { ok: false, response: errorResponse(403, 'forbidden', error) };
  }
  if (!webhookTokenMatches(await webhookKey(at.config), at.scope, part, token)) {
    const error = `the token does not match ${at.what}, ${at.partParam} ${part}`;
    return { ok: false, response: errorResponse(403, 'forbidden', error) };
  }
  const wait = await takeWebhookCall(at.redis, at.scope);
  if (wait !== null) {
    const error = `${at.what} receives at most ${WEBHOOK_LIMITS.callsPerMinute} webhook calls a minute; retry in ${wait} s`;
    const response = errorResponse(429, 'rate_limited', error);
    response.headers.set('retry-after', String(wait));
    return { ok: false, response };
  }
  const body = await readBodyText(request, WEBHOOK_LIMITS.maxBodyBytes);
  if (!body.ok) return body;
  if (!isJsonText(body.value)) return { ok: false, response: errorResponse(400, 'invalid_input', 'the request body is not valid JSON') };
  return { ok: true, part, body: body.value };
}
