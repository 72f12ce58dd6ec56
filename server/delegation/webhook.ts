import type { AppConfig } from '../config.ts';
import { WEBHOOK_LIMITS } from '../execution/webhook-limits.ts';
import { webhookKey, webhookToken } from '../execution/webhook-token.ts';
import { recordEvent, type DelegationHub } from './hub.ts';

/**
 * A delegated-mode session's webhook: the callback URL an asynchronous skill (AssemblyAI's
 * `transcribe_audio_async`) is given when a Companion of the session calls it, as a workflow
 * run's webhook is given to its workers (server/execution/webhook.ts), and signed the same way:
 * the URL carries `?agent=<companion>&token=<t>`, t bound to the session and that Companion
 * (webhook-token.ts, scope `session:<id>`). Calls are recorded as `webhook` events of the session
 * (app/api/sessions/[sessionId]/webhook) while the session is active.
 */
export const sessionScope = (sessionId: string) => `session:${sessionId}`;

export async function sessionWebhookUrl(config: AppConfig, sessionId: string, agentId: string): Promise<string> {
  const token = webhookToken(await webhookKey(config), sessionScope(sessionId), agentId);
  const query = new URLSearchParams({ agent: agentId, token });
  return `${config.execution.publicUrl}/api/sessions/${encodeURIComponent(sessionId)}/webhook?${query}`;
}

/** Arguments a Companion's work supplies to a skill tool that requires them and was not given them. */
export async function sessionContextArguments(config: AppConfig, sessionId: string, agentId: string): Promise<Record<string, unknown>> {
  return { webhook_url: await sessionWebhookUrl(config, sessionId, agentId) };
}

export type SessionWebhookOutcome = { ok: true } | { ok: false; reason: 'no_session' | 'finished'; message: string };

/**
 * Records a webhook call (a verified token) on a session: `bodyText` is the body as posted (JSON
 * text, already size-limited), kept as text (cut at WEBHOOK_LIMITS.maxStoredChars). Refused when
 * there is no such session or it has been finalized (a late or replayed call changes nothing).
 */
export async function recordSessionWebhook(
  hub: DelegationHub,
  sessionId: string,
  agentId: string,
  bodyText: string,
): Promise<SessionWebhookOutcome> {
  const session = await hub.store.session(sessionId);
  if (!session) return { ok: false, reason: 'no_session', message: `no session ${sessionId}` };
  if (session.status !== 'active') return { ok: false, reason: 'finished', message: `session ${sessionId} has been finalized` };
  const max = WEBHOOK_LIMITS.maxStoredChars;
  const body = bodyText.length > max ? `${bodyText.slice(0, max)}…` : bodyText || 'null';
  await recordEvent(hub, { sessionId, kind: 'webhook', actor: agentId, payload: { body } });
  return { ok: true };
}
