import { describe, expect, it } from 'vitest';
import { clearSessionCookieHeader, newSessionId, readCookie, sessionCookieHeader, signCookieValue, verifyCookieValue } from './cookie.ts';

const SECRET = 'a-secret-that-is-long-enough-0123456789';

describe('session cookie signing', () => {
  it('round-trips a session id', () => {
    const id = newSessionId();
    expect(verifyCookieValue(signCookieValue(id, SECRET), SECRET)).toBe(id);
  });

  it('rejects a tampered value, a foreign secret, and junk', () => {
    const signed = signCookieValue('session-a', SECRET);
    expect(verifyCookieValue(signed.replace('session-a', 'session-b'), SECRET)).toBeNull();
    expect(verifyCookieValue(signed, SECRET + 'x')).toBeNull();
    expect(verifyCookieValue(signed.slice(0, -2), SECRET)).toBeNull();
    expect(verifyCookieValue('no-signature', SECRET)).toBeNull();
    expect(verifyCookieValue('', SECRET)).toBeNull();
    expect(verifyCookieValue(undefined, SECRET)).toBeNull();
  });

  it('makes ids unguessable (256 bits, distinct)', () => {
    const ids = new Set(Array.from({ length: 100 }, newSessionId));
    expect(ids.size).toBe(100);
    expect(Buffer.from([...ids][0]!, 'base64url')).toHaveLength(32);
  });

  it('sets HttpOnly, SameSite=Lax, Path and Secure only on HTTPS', () => {
    const plain = sessionCookieHeader('v.s', { maxAgeSeconds: 60, secure: false });
    expect(plain).toBe('dcf_session=v.s; Path=/; HttpOnly; SameSite=Lax; Max-Age=60');
    expect(sessionCookieHeader('v.s', { maxAgeSeconds: 60, secure: true })).toMatch(/; Secure$/);
    expect(clearSessionCookieHeader(false)).toContain('Max-Age=0');
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; dcf_session=abc.def; b=2', 'dcf_session')).toBe('abc.def');
    expect(readCookie('a=1', 'dcf_session')).toBeNull();
    expect(readCookie(null, 'dcf_session')).toBeNull();
  });
});
