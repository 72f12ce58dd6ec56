import type { Redis } from 'ioredis';
import { ALL_RUNS_CHANNEL, runChannel, runKeys } from '../controlplane/keys.ts';
import type { RunEventHub } from './run-event-hub.ts';
import type { RunEvent } from './show-run.ts';

/** A stream entry id (`<ms>-<seq>`), or `0` for "from the start". */
export const STREAM_ID = /^(0|\d{1,20}-\d{1,20})$/;

/** Orders two stream ids of one stream (`<ms>-<seq>`, both parts compared as numbers). */
export function compareStreamIds(a: string, b: string): number {
  const [am = '0', as = '0'] = a.split('-');
  const [bm = '0', bs = '0'] = b.split('-');
  const ms = BigInt(am) - BigInt(bm);
  return ms !== 0n ? (ms > 0n ? 1 : -1) : Number(BigInt(as) - BigInt(bs));
}

const PAGE = 1000;

/** A live feed; `close` leaves the hub (the last feed of a channel unsubscribes it). */
export interface RunEventFeed {
  close(): Promise<void>;
}

/**
 * One run's events, in stream order, each exactly once: the backlog after `after` (exclusive;
 * null = from the first event), then every new event as it is published. The order of work is
 * what makes it gap-free: subscribe first (the hub confirms the subscription), then read the
 * backlog from the stream, then hand over to the live messages, dropping any whose id is not
 * after the last one sent. The commit script appends to the stream and publishes in one atomic
 * step, so every event is either in the backlog or arrives live (or both, and is dropped once).
 * After a reconnect of the hub the stream is read again from the last id sent.
 */
export async function openRunEventFeed(hub: RunEventHub, redis: Redis, runId: string, after: string | null, send: (e: RunEvent) => void): Promise<RunEventFeed> {
  let last = after ?? '0';
  let live = false;
  let buffered: RunEvent[] = [];
  let closed = false;
  const deliver = (e: RunEvent) => {
    if (closed || compareStreamIds(e.id, last) <= 0) return;
    last = e.id;
    send(e);
  };
  let catchingUp: Promise<void> = Promise.resolve();
  const catchUp = () => {
    live = false;
    catchingUp = catchingUp.then(async () => {
      for (;;) {
        const rows = await redis.xrange(runKeys(runId).events, `(${last}`, '+', 'COUNT', PAGE);
        for (const [id, fields] of rows) deliver({ id, event: JSON.parse(fields[1] ?? '{}') as Record<string, unknown> });
        if (rows.length < PAGE || closed) break;
      }
      const waiting = buffered;
      buffered = [];
      for (const e of waiting) deliver(e);
      live = true;
    });
    return catchingUp;
  };
  const leave = await hub.listen(runChannel(runId), {
    message(raw) {
      const e = JSON.parse(raw) as RunEvent;
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

/**
 * Every run's events as they are published (the run list's live updates). There is no stream
 * of all runs to replay, so this feed is live only: a client that reconnects reloads the list.
 */
export async function openAllRunsEventFeed(hub: RunEventHub, send: (e: RunEvent) => void): Promise<RunEventFeed> {
  let closed = false;
  const leave = await hub.listen(ALL_RUNS_CHANNEL, { message: (raw) => !closed && send(JSON.parse(raw) as RunEvent) });
  return {
    async close() {
      closed = true;
      await leave();
    },
  };
}
