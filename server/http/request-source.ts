import { isIP } from 'node:net';
import { PEER_ADDRESS_HEADER } from './peer-address.ts';

/**
 * Where a request came from, for throttling and the audit log (server/auth/sign-in.ts).
 *
 * - No trusted proxy (DCF_TRUSTED_PROXIES=0, the default): the TCP peer's address, as stamped by
 *   peer-address.ts. X-Forwarded-For is the client's own claim then and is never used as the
 *   address; it is kept as `claimedForwardedFor` for the audit when it differs from the peer.
 * - N trusted proxies in front (each appends the address it saw to X-Forwarded-For): the entry N
 *   places from the right, i.e. what the outermost trusted proxy saw; anything left of it was
 *   written by the client. A request without the header came past the proxies: the peer again.
 */
export type RequestSource = {
  /** The address the request is attributed to; null when it cannot be known. */
  address: string | null;
  /** The User-Agent header, cut to 300 characters. */
  userAgent: string | null;
  /** X-Forwarded-For as received when it was not trusted and differs from the peer (audit only). */
  claimedForwardedFor: string | null;
};

export type SourceOptions = {
  trustedProxies: number;
  /** Whether PEER_ADDRESS_HEADER was written by this process (peerAddressInstalled()). */
  peerKnown: boolean;
};

export function requestSource(headers: Headers, opts: SourceOptions): RequestSource {
  const forwarded = headers.get('x-forwarded-for');
  const peer = opts.peerKnown ? normaliseAddress(headers.get(PEER_ADDRESS_HEADER)) : null;
  const userAgent = headers.get('user-agent')?.slice(0, 300) ?? null;
  if (opts.trustedProxies > 0 && forwarded) {
    const hops = forwarded
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const address = normaliseAddress(hops[Math.max(0, hops.length - opts.trustedProxies)] ?? null);
    return { address, userAgent, claimedForwardedFor: null };
  }
  const claimed = forwarded && normaliseAddress(forwarded) !== peer ? forwarded.slice(0, 200) : null;
  return { address: peer, userAgent, claimedForwardedFor: claimed };
}

/** An IP address in canonical text (IPv4-mapped IPv6 as plain IPv4), or null when it is not one. */
export function normaliseAddress(value: string | null | undefined): string | null {
  const trimmed = value?.trim().toLowerCase() ?? '';
  const mapped = trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4;
  const plain = mapped ? trimmed.slice(7) : trimmed;
  return isIP(plain) ? plain : null;
}

/**
 * The throttling bucket of an address: an IPv4 address itself; an IPv6 address's /64 (one
 * subscriber usually holds a whole /64, so per-address buckets would be free to multiply);
 * `unknown` for none, so requests whose source cannot be told apart share one bucket.
 */
export function sourceBucket(address: string | null): string {
  if (!address) return 'unknown';
  if (isIP(address) !== 6) return address;
  const bare = address.split('%')[0]!;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  const groups = tail === undefined ? left : [...left, ...zeros, ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
