import type { RunEventHub } from './run-event-hub.ts';

/** A live feed; `close` leaves the hub (the last feed of a channel unsubscribes it). */
export interface EventFeed {
  close(): Promise<void>;
}

export interface ReplaySource<E extends { id: I }, I> {
  /** The Redis channel new events are published on. */
  channel: string;
  /** A published message as an event of this feed, or null for one that is not (another session's). */
  parse(raw: string): E | null;
  /** Up to `limit` stored events after `last` (exclusive), in order. */
  readAfter(last: I, limit: number): Promise<E[]>;
  /** Orders two ids (negative: a before b). */
  compare(a: I, b: I): number;
}

const PAGE = 1000;

/**
 * Stored events after `after` (exclusive), then every new one as it is published, each exactly
 * once and in order — the design both the run feed and the session feed use. The order of work
 * is what makes it gap-free: subscribe first (the hub confirms the subscription), then read the
 * backlog, then hand over to the live messages, dropping any whose id is not after the last one
 * sent. A writer stores an event before (or atomically with) publishing it, so every event is in
 * the backlog or arrives live (or both, and is sent once). After a reconnect of the hub (messages
 * published meanwhile are lost) the store is read again from the last id sent.
 */
export async function openReplayFeed<E extends { id: I }, I>(
  hub: RunEventHub,
  source: ReplaySource<E, I>,
  after: I,
  send: (e: E) => void,
): Promise<EventFeed> {
  let last = after;
  let live = false;
  let buffered: E[] = [];
  let closed = false;
  const deliver = (e: E) => {
    if (closed || source.compare(e.id, last) <= 0) return;
    last = e.id;
    send(e);
  };
  let catchingUp: Promise<void> = Promise.resolve();
  const catchUp = () => {
    live = false;
    catchingUp = catchingUp.then(async () => {
      for (;;) {
        const rows = await source.readAfter(last, PAGE);
        for (const e of rows) deliver(e);
        if (rows.length < PAGE || closed) break;
      }
      const waiting = buffered;
      buffered = [];
      for (const e of waiting) deliver(e);
      live = true;
    });
    return catchingUp;
  };
  const leave = await hub.listen(source.channel, {
    message(raw) {
      const e = source.parse(raw);
      if (!e) return;
      if (live) deliver(e);
      else buffered.push(e);
    },
    resync: () => void catchUp().catch(() => {}),
  });
  try {
    await catchUp();
  } catch (err) {
    await leave();
    throw err;
  }
  return {
    async close() {
      closed = true;
      await leave();
    },
  };
}
