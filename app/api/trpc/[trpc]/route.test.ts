import { describe, expect, it } from 'vitest';
import { POST } from './route';
import { BODY_LIMITS, TRPC_MAX_BATCH_SIZE } from '@/lib/http-limits';

/**
 * The refusals the tRPC route makes before tRPC (or the database) sees a request. Each one is
 * something a page on another site, or a careless client, could do with the route as it was.
 */
const ORIGIN = 'http://localhost:3000';
const url = (path: string) => `${ORIGIN}/api/trpc/${path}`;
const headers = (extra: Record<string, string> = {}) => ({ host: 'localhost:3000', origin: ORIGIN, ...extra });
const jsonPost = (path: string, body: BodyInit) =>
  new Request(url(path), { method: 'POST', headers: headers({ 'content-type': 'application/json' }), body });

describe('POST /api/trpc', () => {
  it('refuses a multipart form (what an HTML form on any site can post) with 415', async () => {
    const form = new FormData();
    form.set('email', 'admin@demo.dcf');
    const res = await POST(new Request(url('auth.signIn'), { method: 'POST', headers: headers(), body: form }));
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ status: 'error', error_code: 'unsupported_media_type' });
  });

  it('refuses JSON from another site’s page with 403', async () => {
    const res = await POST(
      new Request(url('auth.signOut'), {
        method: 'POST',
        headers: headers({ origin: 'https://evil.example', 'content-type': 'application/json' }),
        body: '{}',
      }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ status: 'error', error_code: 'forbidden' });
  });

  it('refuses a 20 MB body with 413 without reading it', async () => {
    // Counted work: the body is a stream produced chunk by chunk as the route pulls it, so the bytes
    // pulled are the bytes the route read — at most the limit and the chunk that crossed it.
    const CHUNK = 64 * 1024;
    const total = 20 * 1024 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= total) return controller.close();
          pulled += CHUNK;
          controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
        },
      },
      { highWaterMark: 0 },
    );
    const init = { method: 'POST', headers: headers({ 'content-type': 'application/json' }), body, duplex: 'half' };
    const request = new Request(url('workflows.validate'), init as RequestInit);
    const res = await POST(request);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 'error', error_code: 'payload_too_large' });
    expect(pulled).toBeLessThanOrEqual(BODY_LIMITS.trpc + CHUNK);
  });

  it(`refuses a batch of more than ${TRPC_MAX_BATCH_SIZE} calls before any of them runs`, async () => {
    const calls = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, (_, i) => i);
    const paths = calls.map(() => 'auth.signIn').join(',');
    const inputs = Object.fromEntries(calls.map((i) => [i, { json: { email: 'a@b.c', password: 'x' } }]));
    const res = await POST(jsonPost(`${paths}?batch=1`, JSON.stringify(inputs)));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Batch call exceeds maximum size');
  });
});
