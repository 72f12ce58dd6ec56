/**
 * A Server-Sent Events reader for `fetch` responses (EventSource cannot POST). Follows the
 * WHATWG "event stream interpretation" rules: lines end in CRLF, LF or CR (also split across
 * chunks); `:` lines are comments (the chat's keep-alives); `data` lines of one event are joined
 * with "\n"; a blank line dispatches; an event without data is dropped; a leading BOM is
 * ignored; an unfinished event at the end of the stream is discarded.
 */
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
  let buffer = '';
  let started = false;
  let skipLf = false; // the previous chunk ended in CR: a LF opening the next one belongs to it
  let event = '';
  let data: string[] = [];
  let lastId = '';

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), id: lastId });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    // `retry` and unknown fields are ignored: the chat does not reconnect.
  };

  return {
    push(text) {
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (skipLf && text.startsWith('\n')) text = text.slice(1);
      skipLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i++;
          } else skipLf = true;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      event = '';
      data = [];
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
