import type { RunEventFeed } from './run-event-feed.ts';
import type { RunEvent } from '../contracts/run-view.ts';

/** A comment line every 15 s keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
} as const;

/**
 * One SSE message per run event: `data:` is `{"id","event"}` (the stream id and the event, as the
 * Lua `emit` publishes it); with `withId`, `id:` is the stream id too, so a reconnecting
 * EventSource sends it back as Last-Event-ID and resumes exactly after it.
 */
export function sseMessage(e: { id: string | number }, withId: boolean): string {
  return `${withId ? `id: ${e.id}\n` : ''}data: ${JSON.stringify(e)}\n\n`;
}

/**
 * A Server-Sent Events response over a feed (of run events, or any events with an `id`, e.g. the
 * delegated-mode session events): a comment at once (so the client sees the stream
 * open), then one message per event and a heartbeat comment every `heartbeatMs`; when the
 * client goes (`signal` aborts or the body is cancelled) the feed is closed. With `readyEvent`, an
 * `event: ready` message follows once the feed is open (subscribed): a live-only client re-reads
 * then, not on `open` (the response's headers), so nothing published in between is missed.
 */
export function sseResponse<E extends { id: string | number } = RunEvent>(
  open: (send: (e: E) => void) => Promise<RunEventFeed>,
  opts: { signal: AbortSignal; withIds: boolean; heartbeatMs?: number; readyEvent?: boolean },
): Response {
  const encoder = new TextEncoder();
  let stop: (() => Promise<void>) | undefined;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let ended = false;
      const write = (text: string) => {
        if (!ended) controller.enqueue(encoder.encode(text));
      };
      write(': connected\n\n');
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), opts.heartbeatMs ?? HEARTBEAT_MS);
      let feed: RunEventFeed | undefined;
      stop = async () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        opts.signal.removeEventListener('abort', onAbort);
        await feed?.close();
        try {
          controller.close();
        } catch {
          // already closed by a cancel
        }
      };
      const onAbort = () => void stop?.();
      opts.signal.addEventListener('abort', onAbort);
      try {
        feed = await open((e) => write(sseMessage(e, opts.withIds)));
      } catch (err) {
        await stop();
        throw err;
      }
      if (ended)
        await feed.close(); // the client went while the feed was opening
      else if (opts.signal.aborted) await stop();
      else if (opts.readyEvent) write('event: ready\ndata: {}\n\n');
    },
    async cancel() {
      await stop?.();
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}
