import { createHash } from 'node:crypto';

/** Keys whose values never reach the digest input: the digest of a weak password could be brute-forced. */
const SECRET_KEY = /pass(word)?|secret|token|api[_-]?key|authorization|cookie/i;

/** JSON with object keys sorted at every level; `redact` replaces the values of secret-looking keys. */
function sortedJson(value: unknown, redact: boolean): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        return Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, redact && SECRET_KEY.test(k) ? '[redacted]' : (v as Record<string, unknown>)[k]]),
        );
      }
      return v;
    }) ?? 'null'
  );
}

/** JSON with object keys sorted at every level and secrets redacted, so equal arguments always give equal digests. */
export function canonicalJson(value: unknown): string {
  return sortedJson(value, true);
}

/**
 * The same sorted JSON without redaction: for hashing values that are already safe to store
 * (a stored audit entry), where every value must count, e.g. a `token_id` in `detail`.
 */
export function stableJson(value: unknown): string {
  return sortedJson(value, false);
}

/**
 * A value as it may be stored: secret-looking keys redacted at every level, and as the database's
 * JSON gives it back (`undefined` members dropped, dates as ISO strings); `undefined` → null.
 */
export function redactSecrets(value: unknown): unknown {
  return JSON.parse(canonicalJson(value));
}

/**
 * `sha256:<hex>` of the canonical JSON of a tool's or procedure's arguments. Arguments nested
 * too deeply to serialise (JSON.stringify recurses; the tool layer refuses them as invalid_input,
 * server/tools/input-shape.ts) are digested as a fixed marker, so the refusal is still recorded.
 */
export function digestArgs(args: unknown): string {
  let text: string;
  try {
    text = canonicalJson(args);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    text = '"[arguments nested too deeply to serialise]"';
  }
  return 'sha256:' + createHash('sha256').update(text).digest('hex');
}
