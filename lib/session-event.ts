/**
 * A session event as it is published on Redis and sent to the console's live pages: enough for
 * a page to know what to re-read (server/delegation/hub.ts publishes it). Pure: the browser parses the same messages.
 */
export interface PublishedSessionEvent {
  id: number;
  session_id: string;
  kind: string;
  task_id: string | null;
  actor: string | null;
  subject: string | null;
  at: string;
}

/** The event in a published message (or an SSE message's data), or null for anything else. */
export function sessionEventOf(raw: string): PublishedSessionEvent | null {
  try {
    const e = JSON.parse(raw) as PublishedSessionEvent;
    return typeof e?.id === 'number' && typeof e.session_id === 'string' && typeof e.kind === 'string' ? e : null;
  } catch {
    return null;
  }
}
