/**
 * What one delivery attempt over an external channel came to. `retry`: a transient failure
 * (network, timeout, 5xx, SMTP 4xx, Telegram 429) worth trying again, after at least
 * `retryAfterMs` when the service said so; `permanent`: it will never work as configured
 * (a 4xx such as a bad chat id or token, an SMTP 5xx), so it is not retried.
 */
export type DeliveryOutcome =
  { kind: 'sent'; messageId: string } | { kind: 'retry'; error: string; retryAfterMs?: number } | { kind: 'permanent'; error: string };

/** The text a channel sends: urgency and subject first, so a phone's preview shows them. */
export function plainText(n: { urgency: string; subject: string | null; message: string }): string {
  return `[${n.urgency}]${n.subject ? ` ${n.subject}` : ''}\n\n${n.message}`;
}
