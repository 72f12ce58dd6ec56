import { describe, expect, it } from 'vitest';
import { PEER_ADDRESS_HEADER } from './peer-address.ts';
import { normaliseAddress, requestSource, sourceBucket } from './request-source.ts';

const h = (init: Record<string, string>) => new Headers(init);
const DIRECT = { trustedProxies: 0, peerKnown: true };

describe('where a request came from', () => {
  it('uses the TCP peer and ignores a client-supplied X-Forwarded-For without a trusted proxy', () => {
    const headers = h({ [PEER_ADDRESS_HEADER]: '203.0.113.9', 'x-forwarded-for': '198.51.100.1', 'user-agent': 'c/8' });
    expect(requestSource(headers, DIRECT)).toEqual({
      address: '203.0.113.9',
      userAgent: 'c/8',
      claimedForwardedFor: '198.51.100.1',
    });
  });

  it('does not call it a claim when Next filled X-Forwarded-For from the socket itself', () => {
    const headers = h({ [PEER_ADDRESS_HEADER]: '::ffff:127.0.0.1', 'x-forwarded-for': '::ffff:127.0.0.1' });
    expect(requestSource(headers, DIRECT)).toMatchObject({ address: '127.0.0.1', claimedForwardedFor: null });
  });

  it('does not believe the peer header unless this process wrote it', () => {
    const forged = h({ [PEER_ADDRESS_HEADER]: '203.0.113.9' });
    expect(requestSource(forged, { trustedProxies: 0, peerKnown: false }).address).toBeNull();
  });

  it('behind N trusted proxies takes the Nth X-Forwarded-For entry from the right', () => {
    const headers = h({ [PEER_ADDRESS_HEADER]: '10.0.0.2', 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 10.0.0.1' });
    expect(requestSource(headers, { trustedProxies: 1, peerKnown: true }).address).toBe('10.0.0.1');
    expect(requestSource(headers, { trustedProxies: 2, peerKnown: true }).address).toBe('198.51.100.7');
    expect(requestSource(headers, { trustedProxies: 5, peerKnown: true }).address).toBe('6.6.6.6');
    // Past the proxies (no header at all): the peer.
    const direct = h({ [PEER_ADDRESS_HEADER]: '10.0.0.2' });
    expect(requestSource(direct, { trustedProxies: 1, peerKnown: true }).address).toBe('10.0.0.2');
  });

  it('keeps only IP addresses, in canonical form', () => {
    expect(normaliseAddress(' 2001:DB8::1 ')).toBe('2001:db8::1');
    expect(normaliseAddress('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normaliseAddress('unknown')).toBeNull();
    expect(normaliseAddress('192.0.2.1:443')).toBeNull();
    expect(normaliseAddress(null)).toBeNull();
  });

  it('buckets IPv4 by address, IPv6 by /64, and unknown sources together', () => {
    expect(sourceBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(sourceBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(sourceBucket('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(sourceBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceBucket('::1')).toBe('0:0:0:0::/64');
    expect(sourceBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(sourceBucket(null)).toBe('unknown');
  });
});
