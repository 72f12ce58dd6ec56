import type { AppConfig } from '../config.ts';
import { readRun } from './run-record.ts';
import type { ExecutionServices } from './services.ts';

/**
 * A run's control-plane webhook (spec §4.4 `{{control_plane.webhook_url}}`): the callback URL an
 * asynchronous skill (AssemblyAI's `transcribe_audio_async`) is given. Calls to it are recorded
 * as `webhook` events in the run's stream (app/api/runs/[runId]/webhook).
 */
export function runWebhookUrl(config: AppConfig, runId: string): string {
  return `${config.execution.publicUrl}/api/runs/${runId}/webhook`;
}

/**
 * Arguments the worker can supply from the run itself when a skill's tool requires them and the
 * state's Parameters do not give them (an alternative skill after a swap may need more).
 */
export function runContextArguments(config: AppConfig, runId: string): Record<string, unknown> {
  return { webhook_url: runWebhookUrl(config, runId) };
}

/** Records a webhook call on a run; false when the run does not exist. */
export async function recordWebhook(x: ExecutionServices, runId: string, body: unknown): Promise<boolean> {
  if (!(await readRun(x.redis, runId))) return false;
  const c = x.cp.builder(runId).evenWhenFinished();
  c.event({ type: 'webhook', body: JSON.stringify(body ?? null).slice(0, 10_000) });
  return (await x.cp.commit(c)).ok;
}
