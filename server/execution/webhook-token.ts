import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config.ts';
import { sessionSecret } from '../auth/secret.ts';

/**
 * The signed token of a run's webhook URL (issue 14 item 5). The URL is handed to one state
 * instance of one run (the `webhook_url` a skill such as AssemblyAI is given), and third-party
 * callers only take a URL, so the token travels in its query: `?state=<instance>&token=<t>`.
 * t = base64url(HMAC-SHA256(key, run id + instance)), where the key is derived from the
 * server's session secret for this one purpose (a webhook token can never pass for a session
 * signature, nor the other way round). Whoever holds the URL may post to that instance only,
 * and only while it runs (webhook.ts).
 */
const PURPOSE = 'dcf run webhook token v1';
const keys = new Map<string, Promise<Buffer>>();

/** The HMAC key for webhook tokens; derived once per secret (the generated one is read from the data dir). */
export function webhookKey(config: AppConfig): Promise<Buffer> {
  const source = config.sessionSecret !== undefined ? `env:${config.sessionSecret}` : `file:${config.dataDir}`;
  let key = keys.get(source);
  if (!key) {
    key = sessionSecret(config).then((secret) => createHmac('sha256', secret).update(PURPOSE).digest());
    key.catch(() => keys.delete(source)); // a failed read is retried on the next call
    keys.set(source, key);
  }
  return key;
}

/**
 * The token for one URL: `scope` is what the URL posts to (a run id, or `session:<id>` for a
 * delegated-mode session) and `part` who it was handed to (the state instance, the Companion).
 */
export function webhookToken(key: Buffer, scope: string, part: string): string {
  return createHmac('sha256', key).update(`${scope}\n${part}`).digest('base64url');
}

/** Whether `token` is the one for this scope and part, compared in constant time. */
export function webhookTokenMatches(key: Buffer, scope: string, part: string, token: string): boolean {
  const expected = Buffer.from(webhookToken(key, scope, part));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
