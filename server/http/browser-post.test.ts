import { describe, expect, it } from 'vitest';
import { refuseBrowserPost } from './browser-post.ts';

const CONSOLE = { publicUrl: 'http://localhost:3000', trustedProxies: 0 };
/** Bytes, not a string: a string body would default the Content-Type to text/plain. */
const post = (headers: Record<string, string>, body = '{}') =>
  new Request('http://localhost:3000/api/trpc/runs.start', {
    method: 'POST',
    headers: { host: 'localhost:3000', ...headers },
    body: new TextEncoder().encode(body),
  });

describe('the gate of JSON routes browsers post to (tRPC, chat)', () => {
  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8'])(
    'refuses a same-origin %s body with 415',
    async (type) => {
      const form = post({ origin: 'http://localhost:3000', 'content-type': type }, 'a=1');
      const refused = refuseBrowserPost(form, CONSOLE)!;
      expect(refused.status).toBe(415);
      expect(await refused.json()).toMatchObject({ status: 'error', error_code: 'unsupported_media_type' });
    },
  );

  it('refuses a body without Content-Type, and names what it takes', async () => {
    const refused = refuseBrowserPost(post({}), CONSOLE)!;
    expect(refused.status).toBe(415);
    expect((await refused.json()).error).toBe('this route takes application/json only, not no Content-Type');
  });

  it('refuses a form posted from another site with 403 before looking at the body', () => {
    const form = post({ origin: 'https://evil.example', 'content-type': 'text/plain' }, 'x');
    expect(refuseBrowserPost(form, CONSOLE)!.status).toBe(403);
  });

  it('passes the console’s own JSON and any GET', () => {
    const json = post({ origin: 'http://localhost:3000', 'content-type': 'application/json; charset=utf-8' });
    expect(refuseBrowserPost(json, CONSOLE)).toBeNull();
    expect(refuseBrowserPost(new Request('http://localhost:3000/api/trpc/auth.me'), CONSOLE)).toBeNull();
  });
});
