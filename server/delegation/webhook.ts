import type { AppConfig } from '../config.ts';
import { recordEvent, type DelegationHub } from './hub.ts';

/**
 * A delegated-mode session's webhook: the callback URL an asynchronous skill (AssemblyAI's
 * `transcribe_audio_async`) is given when a Companion of the session calls it, as a workflow
 * run's webhook is given to its workers (server/execution/webhook.ts). Calls to it are recorded
 * as `webhook` events of the session (app/api/sessions/[sessionId]/webhook).
 */
export function sessionWebhookUrl(config: AppConfig, sessionId: string): string {
  return `${config.execution.publicUrl}/api/sessions/${encodeURIComponent(sessionId)}/webhook`;
}

/** Arguments a Companion's work supplies to a skill tool that requires them and was not given them. */
export function sessionContextArguments(config: AppConfig, sessionId: string): Record<string, unknown> {
  return { webhook_url: sessionWebhookUrl(config, sessionId) };
}

/** Records a webhook call on a session; false when there is no such session. */
export async function recordSessionWebhook(hub: DelegationHub, sessionId: string, body: unknown): Promise<boolean> {
  if (!(await hub.store.session(sessionId))) return false;
  const text = JSON.stringify(body ?? null);
  await recordEvent(hub, { sessionId, kind: 'webhook', actor: 'webhook', payload: { body: text.length > 10_000 ? `${text.slice(0, 10_000)}…` : text } });
  return true;
}
