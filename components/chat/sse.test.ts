import { describe, expect, it } from 'vitest';
import { createSseParser, readSseStream, type SseEvent } from './sse';

function parseAll(chunks: string[]): SseEvent[] {
  const out: SseEvent[] = [];
  const p = createSseParser((e) => out.push(e));
  for (const c of chunks) p.push(c);
  p.end();
  return out;
}

describe('createSseParser', () => {
  it('reads the chat stream: agent events, a keep-alive comment, done', () => {
    const text =
      'event: agent\ndata: {"message_type":"assistant_message","id":"m1","content":"Hi"}\n\n: keep-alive\n\nevent: done\ndata: {}\n\n';
    expect(parseAll([text])).toEqual([
      { event: 'agent', data: '{"message_type":"assistant_message","id":"m1","content":"Hi"}', id: '' },
      { event: 'done', data: '{}', id: '' },
    ]);
  });

  it('gives the same events however the text is split into chunks', () => {
    const text = 'event: agent\ndata: {"a":1}\n\nevent: error\ndata: {"message":"boom"}\n\n';
    const whole = parseAll([text]);
    for (let cut = 1; cut < text.length; cut++) expect(parseAll([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    expect(parseAll(text.split(''))).toEqual(whole);
  });

  it('accepts CRLF and CR line ends, also with CR and LF in different chunks', () => {
    expect(parseAll(['event: a\r\ndata: 1\r\n\r\n'])).toEqual([{ event: 'a', data: '1', id: '' }]);
    expect(parseAll(['event: a\rdata: 1\r\r'])).toEqual([{ event: 'a', data: '1', id: '' }]);
    expect(parseAll(['data: 1\r', '\n', '\r', '\n'])).toEqual([{ event: 'message', data: '1', id: '' }]);
  });

  it('joins data lines with newlines and strips one space after the colon only', () => {
    expect(parseAll(['data:  two spaces\ndata:none\ndata\n\n'])).toEqual([{ event: 'message', data: ' two spaces\nnone\n', id: '' }]);
  });

  it('drops events without data, unfinished events at the end, and a leading BOM', () => {
    expect(parseAll(['event: ping\n\n'])).toEqual([]);
    expect(parseAll(['\uFEFFdata: x\n\ndata: unfinished\n'])).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });

  it('keeps the last id for later events and ignores retry and unknown fields', () => {
    expect(parseAll(['id: 7\nretry: 10\nfoo: bar\ndata: a\n\ndata: b\n\n'])).toEqual([
      { event: 'message', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
  });

  it('a CR ending the stream ends its line: the blank line it completes dispatches, an unfinished event still does not', () => {
    expect(parseAll(['data: 1\r', '\r'])).toEqual([{ event: 'message', data: '1', id: '' }]);
    expect(parseAll(['data: 1\r'])).toEqual([]);
    expect(parseAll(['data: 1\r\n\r'])).toEqual([{ event: 'message', data: '1', id: '' }]);
  });

  it('ignores comments wherever they are, also between the lines of one event', () => {
    expect(parseAll([':hello\ndata: a\n: keep-alive\ndata: b\n\n:\n\n'])).toEqual([{ event: 'message', data: 'a\nb', id: '' }]);
  });

  it('a later id replaces the earlier one', () => {
    expect(parseAll(['id: 1\ndata: a\n\nid: 2\ndata: b\n\ndata: c\n\n']).map((e) => e.id)).toEqual(['1', '2', '2']);
  });

  it('resets the event name after each dispatch', () => {
    expect(parseAll(['event: agent\ndata: 1\n\ndata: 2\n\n']).map((e) => e.event)).toEqual(['agent', 'message']);
  });
});

describe('readSseStream', () => {
  const streamOf = (chunks: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(chunk);
        c.close();
      },
    });

  it('decodes UTF-8 split inside a character', async () => {
    const bytes = new TextEncoder().encode('event: agent\ndata: {"content":"Évidence “quoted”"}\n\n');
    const at = bytes.indexOf(0xe2) + 1; // inside the three bytes of “
    const events: SseEvent[] = [];
    for await (const e of readSseStream(streamOf([bytes.slice(0, at), bytes.slice(at)]))) events.push(e);
    expect(events).toEqual([{ event: 'agent', data: '{"content":"Évidence “quoted”"}', id: '' }]);
  });

  it('yields events as chunks arrive and cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(enc.encode('data: tick\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    let n = 0;
    for await (const e of readSseStream(body)) {
      expect(e.data).toBe('tick');
      if (++n === 3) break;
    }
    expect(cancelled).toBe(true);
  });
});
