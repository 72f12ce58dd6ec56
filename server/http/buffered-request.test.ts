import { describe, expect, it } from 'vitest';
import { withBodyLimit } from './buffered-request.ts';

/** A body streamed in chunks with no Content-Length (as a chunked upload arrives). */
function streamed(chunks: number, chunkBytes: number): Request {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ === chunks) controller.close();
      else controller.enqueue(new Uint8Array(chunkBytes).fill(0x61));
    },
  });
  return new Request('http://localhost/api/mcp', { method: 'POST', body, duplex: 'half' } as RequestInit);
}

describe('a request re-made with its body read under a limit', () => {
  it('hands on the same bytes, method, headers and URL', async () => {
    const text = JSON.stringify({ jsonrpc: '2.0', method: 'tools/list', id: 1, note: 'é✓' });
    const original = new Request('http://localhost/api/mcp?x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: text,
    });
    const limited = await withBodyLimit(original, 1024);
    if (!limited.ok) throw new Error('refused');
    expect(limited.value.url).toBe('http://localhost/api/mcp?x=1');
    expect(limited.value.method).toBe('POST');
    expect(limited.value.headers.get('authorization')).toBe('Bearer t');
    expect(await limited.value.text()).toBe(text);
  });

  it('refuses a declared 20 MB body with 413 without reading it', async () => {
    const huge = new Request('http://localhost/api/mcp', {
      method: 'POST',
      headers: { 'content-length': String(20 * 1024 * 1024) },
      body: 'x',
    });
    const limited = await withBodyLimit(huge, 2 * 1024 * 1024);
    expect(limited.ok).toBe(false);
    if (limited.ok) return;
    expect(limited.response.status).toBe(413);
    expect(await limited.response.json()).toMatchObject({ status: 'error', error_code: 'payload_too_large' });
  });

  it('stops reading a chunked body as soon as it passes the limit', async () => {
    const limited = await withBodyLimit(streamed(20 * 16, 64 * 1024), 2 * 1024 * 1024);
    expect(limited.ok ? 200 : limited.response.status).toBe(413);
  });

  it('returns a request without a body as it is', async () => {
    const get = new Request('http://localhost/api/mcp/sse');
    const limited = await withBodyLimit(get, 10);
    expect(limited.ok && limited.value).toBe(get);
  });
});
