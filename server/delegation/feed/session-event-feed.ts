import type { DelegationEventRow } from '../../db/schema/delegation.ts';
import type { RunEventFeed } from '../../execution/run-event-feed.ts';
import { openReplayFeed } from '../../execution/replay-feed.ts';
import type { RunEventHub } from '../../execution/run-event-hub.ts';
import { SESSION_EVENTS_CHANNEL } from '../hub.ts';
import { sessionEventOf, type PublishedSessionEvent } from '../../../lib/session-event.ts';
import type { SessionStore } from '../session-store.ts';

/** A session event id (the bigserial of `delegation_events`), as Last-Event-ID / `?after=` carry it. */
export const SESSION_EVENT_ID = /^(0|[1-9]\d{0,14})$/;

/** A stored event as the feed sends it: the fields recordEvent publishes (no payload: a page re-reads what it shows). */
export function publishedOf(row: DelegationEventRow): PublishedSessionEvent {
  return {
    id: row.id,
    session_id: row.sessionId,
    kind: row.kind,
    task_id: row.taskId,
    actor: row.actor,
    subject: row.subject,
    at: row.at.toISOString(),
  };
}

/**
 * One session's events in id order, each once: those after `after` (exclusive; null = from the
 * first) read from `delegation_events`, then every new one as it is published (the replay feed
 * of server/execution/replay-feed.ts, which runs share): recordEvent publishes only after its row
 * is committed, so every event is in the backlog or arrives live.
 *
 * Ids come from one sequence: two events written at the same moment by different connections
 * could commit in the other order, and the later id could be sent before the earlier one
 * commits. The window is one INSERT's commit; the pages re-read on every event, so at worst an
 * update shows with the next event.
 */
export function openSessionEventFeed(
  hub: RunEventHub,
  store: SessionStore,
  sessionId: string,
  after: number | null,
  send: (e: PublishedSessionEvent) => void,
): Promise<RunEventFeed> {
  return openReplayFeed<PublishedSessionEvent, number>(
    hub,
    {
      channel: SESSION_EVENTS_CHANNEL,
      parse: (raw) => {
        const e = sessionEventOf(raw);
        return e && e.session_id === sessionId ? e : null;
      },
      readAfter: async (last, limit) => (await store.events(sessionId, { after: last, limit })).map(publishedOf),
      compare: (a, b) => a - b,
    },
    after ?? 0,
    send,
  );
}

/**
 * Every session event the viewer may see, as it is published (the Companions page's session
 * list): live only — a client that (re)connects re-reads its lists. `visible` is asked once per
 * session (sessions never change owner); events keep their order while it is asked.
 */
export async function openAllSessionsEventFeed(
  hub: RunEventHub,
  visible: (sessionId: string) => Promise<boolean>,
  send: (e: PublishedSessionEvent) => void,
): Promise<RunEventFeed> {
  let closed = false;
  const seen = new Map<string, Promise<boolean>>();
  let order: Promise<void> = Promise.resolve();
  const leave = await hub.listen(SESSION_EVENTS_CHANNEL, {
    message(raw) {
      const e = sessionEventOf(raw);
      if (!e || closed) return;
      let check = seen.get(e.session_id);
      if (!check) {
        // A failed lookup hides this event and is asked again for the next one.
        check = visible(e.session_id).catch(() => {
          seen.delete(e.session_id);
          return false;
        });
        seen.set(e.session_id, check);
      }
      order = order.then(async () => {
        if ((await check) && !closed) send(e);
      });
    },
  });
  return {
    async close() {
      closed = true;
      await leave();
    },
  };
}
