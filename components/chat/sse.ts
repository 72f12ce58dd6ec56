/**
 * A Server-Sent Events reader for `fetch` responses (EventSource cannot POST), on eventsource-parser
 * (the WHATWG "event stream interpretation": CRLF, LF or CR line ends, also split across chunks;
 * `:` comments — the chat's keep-alives; `data` lines joined with "\n"; a blank line dispatches;
 * an event without data is dropped). This file adds what the chat relies on besides: ids persist
 * across events, a leading U+FEFF is ignored, a CR ending the stream still ends its line, and an
 * unfinished event at the end of the stream is discarded. An `id:` in an event without data is
 * dropped with it (eventsource-parser's choice; the chat's stream, server/chat/stream-turn.ts, sends no ids).
 */
import { createParser } from 'eventsource-parser';

export interface SseEvent {
  /** The `event:` field; "message" when the event named none. */
  event: string;
  data: string;
  /** The last `id:` seen so far (SSE ids persist across events), "" when none. */
  id: string;
}

export interface SseParser {
  /** Feeds decoded text; calls `onEvent` for every event completed by it. */
  push(text: string): void;
  /** The stream ended: whatever is still buffered is an unfinished event and is dropped. */
  end(): void;
}

export function createSseParser(onEvent: (e: SseEvent) => void): SseParser {
  // eventsource-parser reports only the id of the event that carried one; the spec's last event id persists.
  let lastId = '';
  let started = false;
  // eventsource-parser holds a trailing CR back (a LF may follow in the next chunk); at the end it is a line end.
  let endsInCr = false;
  // `retry`, unknown fields (reported through onError) and comments are ignored: the chat does not reconnect.
  const parser = createParser({
    onEvent(e) {
      if (e.id !== undefined) lastId = e.id;
      onEvent({ event: e.event ?? 'message', data: e.data, id: lastId });
    },
  });

  return {
    push(text) {
      if (text.length === 0) return;
      // The parser strips a UTF-8 BOM read as Latin-1 bytes, not the decoded character.
      if (!started && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      started = true;
      if (text.length === 0) return;
      parser.feed(text);
      endsInCr = text.endsWith('\r');
    },
    end() {
      if (endsInCr) parser.feed('\n'); // completes the held CR as one line end (CRLF), never a second one
      parser.reset(); // without `consume`: an unfinished line and event are dropped
      endsInCr = false;
    },
  };
}

/** The events of a response body as they arrive (UTF-8, multi-byte characters split across chunks included). */
export async function* readSseStream(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const queue: SseEvent[] = [];
  const parser = createSseParser((e) => queue.push(e));
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        parser.push(decoder.decode());
        parser.end();
        yield* queue.splice(0);
        return;
      }
      parser.push(decoder.decode(value, { stream: true }));
      yield* queue.splice(0);
    }
  } finally {
    // A consumer that stops early (break, throw) cancels the body, so the connection closes.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
