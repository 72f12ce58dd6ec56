import type { RedisClient } from '../redis/connection.ts';
import { ALL_RUNS_CHANNEL, runChannel, runKeys } from '../controlplane/keys.ts';
import { openReplayFeed, type EventFeed } from './replay-feed.ts';
import type { RunEventHub } from './run-event-hub.ts';
import type { RunEvent } from '../contracts/run-view.ts';

/** A stream entry id (`<ms>-<seq>`), or `0` for "from the start". */
export const STREAM_ID = /^(0|\d{1,20}-\d{1,20})$/;

/** Orders two stream ids of one stream (`<ms>-<seq>`, both parts compared as numbers). */
export function compareStreamIds(a: string, b: string): number {
  const [am = '0', as = '0'] = a.split('-');
  const [bm = '0', bs = '0'] = b.split('-');
  const ms = BigInt(am) - BigInt(bm);
  return ms !== 0n ? (ms > 0n ? 1 : -1) : Number(BigInt(as) - BigInt(bs));
}

/** A live feed; `close` leaves the hub (the last feed of a channel unsubscribes it). */
export type RunEventFeed = EventFeed;

/**
 * One run's events, in stream order, each exactly once: the backlog after `after` (exclusive;
 * null = from the first event) read from the run's stream, then every new event as it is
 * published (replay-feed.ts). The commit script appends to the stream and publishes in one
 * atomic step, so nothing falls between the two.
 */
export function openRunEventFeed(
  hub: RunEventHub,
  redis: RedisClient,
  runId: string,
  after: string | null,
  send: (e: RunEvent) => void,
): Promise<RunEventFeed> {
  return openReplayFeed<RunEvent, string>(
    hub,
    {
      channel: runChannel(runId),
      parse: (raw) => JSON.parse(raw) as RunEvent,
      readAfter: async (last, limit) => {
        const rows = await redis.xrange(runKeys(runId).events, `(${last}`, '+', 'COUNT', limit);
        return rows.map(([id, fields]) => ({ id, event: JSON.parse(fields[1] ?? '{}') as Record<string, unknown> }));
      },
      compare: compareStreamIds,
    },
    after ?? '0',
    send,
  );
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
