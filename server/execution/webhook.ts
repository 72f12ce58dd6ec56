import type { AppConfig } from '../config.ts';
import { requiredParameterNames, type SkillManifest } from '../skills/manifest.ts';
import { readRun } from './run-record.ts';
import type { ExecutionServices } from '../contracts/execution-services.ts';
import { WEBHOOK_LIMITS, webhookCountsKey } from './webhook-limits.ts';
import { webhookKey, webhookToken } from './webhook-token.ts';

/**
 * A run's control-plane webhook (spec §4.4 `{{control_plane.webhook_url}}`): the callback URL an
 * asynchronous skill (AssemblyAI's `transcribe_audio_async`) is given. Each URL belongs to one
 * state instance of one run and carries its signed token (webhook-token.ts); a call to it is
 * recorded as a `webhook` event of the run (app/api/runs/[runId]/webhook) while that instance is
 * still pending or running, within the limits of webhook-limits.ts.
 */
export async function runWebhookUrl(config: AppConfig, runId: string, instance: string): Promise<string> {
  const token = webhookToken(await webhookKey(config), runId, instance);
  const query = new URLSearchParams({ state: instance, token });
  return `${config.execution.publicUrl}/api/runs/${runId}/webhook?${query}`;
}

/**
 * Arguments the worker can supply from the run itself when a skill's tool requires them and the
 * state's Parameters do not give them (an alternative skill after a swap may need more): the
 * webhook URL of the instance being worked on.
 */
export async function runContextArguments(config: AppConfig, runId: string, instance: string): Promise<Record<string, unknown>> {
  return { webhook_url: await runWebhookUrl(config, runId, instance) };
}

/** The arguments runContextArguments supplies. */
const RUN_CONTEXT_KEYS: ReadonlySet<string> = new Set(['webhook_url']);

/**
 * Whether a tool of `manifest` requires a run-context argument. Only such a tool is filled from the
 * context (skill-choice.ts argumentsFor) or chosen by it (chooseTool), so for any other skill the
 * context changes nothing and its signed URL is not worth computing (an HMAC on every Task's path).
 */
export function needsRunContext(manifest: SkillManifest): boolean {
  return manifest.requiredTools.some((t) => requiredParameterNames(t).some((p) => RUN_CONTEXT_KEYS.has(p)));
}

export type WebhookOutcome =
  | { ok: true }
  | { ok: false; reason: 'no_run' | 'no_state'; message: string }
  | { ok: false; reason: 'finished'; message: string }
  | { ok: false; reason: 'too_many'; message: string };

/**
 * Records a webhook call (a verified token) on `instance` of `runId`: `bodyText` is the body as
 * posted (JSON text, already size-limited), kept as text so nothing re-serialises a deep value.
 * Refused when the run or the instance does not exist, when either has finished (a late or
 * replayed call changes nothing), or when the instance already had WEBHOOK_LIMITS.eventsPerState.
 */
export async function recordWebhook(x: ExecutionServices, runId: string, instance: string, bodyText: string): Promise<WebhookOutcome> {
  const run = await readRun(x.redis, runId);
  if (!run) return { ok: false, reason: 'no_run', message: `no run ${runId}` };
  const state = await x.cp.readState(runId, instance);
  if (!state) return { ok: false, reason: 'no_state', message: `run ${runId} has no state ${instance}` };
  if (run.status !== 'RUNNING' || (state.status !== 'pending' && state.status !== 'running')) {
    const which = run.status !== 'RUNNING' ? `the run is ${run.status}` : `${instance} is ${state.status}`;
    return { ok: false, reason: 'finished', message: `this webhook no longer accepts calls: ${which}` };
  }
  const count = await x.redis.hincrby(webhookCountsKey(runId), instance, 1);
  if (count > WEBHOOK_LIMITS.eventsPerState) {
    const message = `${instance} already received ${WEBHOOK_LIMITS.eventsPerState} webhook calls`;
    return { ok: false, reason: 'too_many', message };
  }
  const text = bodyText.trim() === '' ? 'null' : bodyText;
  const cut = text.length > WEBHOOK_LIMITS.maxStoredChars;
  // Not evenWhenFinished: a run that finished since the check above refuses the commit.
  const c = x.cp.builder(runId);
  c.event({ type: 'webhook', instance, body: cut ? `${text.slice(0, WEBHOOK_LIMITS.maxStoredChars)}…` : text });
  const committed = await x.cp.commit(c);
  if (committed.ok) return { ok: true };
  return { ok: false, reason: 'finished', message: `this webhook no longer accepts calls: ${committed.reason}` };
}
