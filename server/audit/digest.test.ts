import { describe, expect, it } from 'vitest';
import { canonicalJson, digestArgs } from './digest.ts';

describe('argument digests', () => {
  it('is independent of key order at every level', () => {
    expect(digestArgs({ a: 1, b: { c: [1, { y: 2, x: 1 }] } })).toBe(digestArgs({ b: { c: [1, { x: 1, y: 2 }] }, a: 1 }));
  });

  it('differs when a value differs', () => {
    expect(digestArgs({ a: 1 })).not.toBe(digestArgs({ a: 2 }));
  });

  it('never feeds secret-looking values into the digest', () => {
    expect(canonicalJson({ email: 'a@b', password: 'hunter2', nested: { apiKey: 'k', token: 't' } })).toBe(
      '{"email":"a@b","nested":{"apiKey":"[redacted]","token":"[redacted]"},"password":"[redacted]"}',
    );
    expect(digestArgs({ password: 'one' })).toBe(digestArgs({ password: 'two' }));
  });

  it('formats as sha256:<64 hex>, also for undefined and null', () => {
    expect(digestArgs(undefined)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(digestArgs(undefined)).toBe(digestArgs(null));
  });
});
