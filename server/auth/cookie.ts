import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Name of the HTTP-only session cookie. */
export const SESSION_COOKIE = 'dcf_session';

/** A new unguessable session id (256 bits, base64url). */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

function mac(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** `value.signature` — the cookie value for a session id. */
export function signCookieValue(value: string, secret: string): string {
  return `${value}.${mac(value, secret)}`;
}

/** Returns the session id if the signature is valid, else null (tampered, truncated or foreign cookie). */
export function verifyCookieValue(signed: string | undefined | null, secret: string): string | null {
  if (!signed) return null;
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(mac(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** Serialises the Set-Cookie header: HttpOnly, SameSite=Lax, Path=/, Secure on HTTPS. */
export function sessionCookieHeader(signedValue: string, opts: { maxAgeSeconds: number; secure: boolean }): string {
  const parts = [`${SESSION_COOKIE}=${signedValue}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${opts.maxAgeSeconds}`];
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

/** A Set-Cookie header that removes the session cookie. */
export function clearSessionCookieHeader(secure: boolean): string {
  return sessionCookieHeader('', { maxAgeSeconds: 0, secure });
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}
