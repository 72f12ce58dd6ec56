import { createHash } from 'node:crypto';

/** Keys whose values never reach the digest input: the digest of a weak password could be brute-forced. */
const SECRET_KEY = /pass(word)?|secret|token|api[_-]?key|authorization|cookie/i;

/** JSON with object keys sorted at every level, so equal arguments always give equal digests. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, SECRET_KEY.test(k) ? '[redacted]' : (v as Record<string, unknown>)[k]]),
      );
    }
    return v;
  }) ?? 'null';
}

/** `sha256:<hex>` of the canonical JSON of a tool's or procedure's arguments. */
export function digestArgs(args: unknown): string {
  return 'sha256:' + createHash('sha256').update(canonicalJson(args)).digest('hex');
}
