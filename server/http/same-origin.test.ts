import { describe, expect, it } from 'vitest';
import { checkSameOrigin, consoleHosts, refuseCrossSite } from './same-origin.ts';

const CONSOLE = { publicUrl: 'https://console.example.com', trustedProxies: 0 };
const HOSTS = ['localhost:3000', 'console.example.com'];
const h = (init: Record<string, string>) => new Headers(init);

describe('the same-origin check of state-changing requests', () => {
  it('accepts the console itself by Origin, by Sec-Fetch-Site, or by Referer', () => {
    expect(checkSameOrigin(h({ origin: 'http://localhost:3000' }), HOSTS)).toEqual({ ok: true });
    expect(checkSameOrigin(h({ origin: 'https://console.example.com' }), HOSTS)).toEqual({ ok: true });
    expect(checkSameOrigin(h({ origin: 'HTTP://LOCALHOST:3000' }), HOSTS)).toEqual({ ok: true });
    expect(checkSameOrigin(h({ 'sec-fetch-site': 'same-origin' }), HOSTS)).toEqual({ ok: true });
    expect(checkSameOrigin(h({ 'sec-fetch-site': 'none' }), HOSTS)).toEqual({ ok: true });
    expect(checkSameOrigin(h({ referer: 'http://localhost:3000/workflows/x' }), HOSTS)).toEqual({ ok: true });
  });

  it.each([
    [{ origin: 'https://evil.example' }, 'Origin https://evil.example'],
    [{ origin: 'http://localhost:3001' }, 'Origin http://localhost:3001'],
    [{ origin: 'http://localhost.evil.example:3000' }, 'Origin http://localhost.evil.example:3000'],
    [{ origin: 'null' }, 'Origin null'],
    [{ origin: 'file://' }, 'Origin file://'],
    [{ origin: 'not a url' }, 'Origin not a url'],
    // Origin wins over a same-origin Sec-Fetch-Site or Referer.
    [{ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }, 'Origin https://evil.example'],
    [{ 'sec-fetch-site': 'cross-site' }, 'Sec-Fetch-Site is cross-site'],
    [{ 'sec-fetch-site': 'same-site', referer: 'http://localhost:3000/' }, 'Sec-Fetch-Site is same-site'],
    [{ referer: 'https://evil.example/page' }, 'the Referer'],
    [{ referer: 'garbage' }, 'the Referer'],
  ])('refuses %j', (headers, reason) => {
    expect(checkSameOrigin(h(headers), HOSTS)).toEqual({ ok: false, reason });
  });

  it('lets through a caller that is not a browser (no Origin, Sec-Fetch-Site or Referer)', () => {
    expect(checkSameOrigin(h({ 'content-type': 'application/json' }), HOSTS)).toEqual({ ok: true });
  });

  it('takes the console hosts from Host and DCF_PUBLIC_URL; X-Forwarded-Host only behind trusted proxies', () => {
    const headers = h({ host: 'LocalHost:3000', 'x-forwarded-host': 'evil.example' });
    expect(consoleHosts(headers, CONSOLE)).toEqual(['localhost:3000', 'console.example.com']);
    expect(consoleHosts(headers, { ...CONSOLE, trustedProxies: 1 })).toEqual(['evil.example', 'console.example.com']);
    const local = { publicUrl: 'http://localhost:3000', trustedProxies: 0 };
    expect(consoleHosts(h({ host: 'example.org:80' }), local)).toEqual(['example.org', 'localhost:3000']);
  });

  it('answers a cross-site POST with 403 in the tool shape, and never checks safe methods', async () => {
    const post = new Request('http://localhost:3000/api/trpc/auth.signOut', {
      method: 'POST',
      headers: { host: 'localhost:3000', origin: 'https://evil.example' },
    });
    const refused = refuseCrossSite(post, CONSOLE)!;
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      status: 'error',
      error_code: 'forbidden',
      error: 'cross-site request refused: Origin https://evil.example is not this console',
    });
    const get = new Request('http://localhost:3000/api/trpc/auth.me', { headers: { origin: 'https://evil.example' } });
    expect(refuseCrossSite(get, CONSOLE)).toBeNull();
  });
});
