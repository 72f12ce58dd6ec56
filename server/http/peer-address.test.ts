import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPeerAddressHeader, PEER_ADDRESS_HEADER, peerAddressInstalled } from './peer-address.ts';

describe('the TCP peer address for route handlers', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    installPeerAddressHeader();
    installPeerAddressHeader(); // idempotent: one subscription per process
    // Echoes the headers the request handler sees, as Next's base server would read them.
    server = http.createServer((req, res) => res.end(JSON.stringify(req.headers)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('stamps the socket address before the handler runs, over anything the client sent', async () => {
    expect(peerAddressInstalled()).toBe(true);
    const res = await fetch(url, { headers: { [PEER_ADDRESS_HEADER]: '6.6.6.6', 'x-forwarded-for': '6.6.6.6' } });
    const seen = (await res.json()) as Record<string, string>;
    expect(seen[PEER_ADDRESS_HEADER]).toBe('127.0.0.1');
    // X-Forwarded-For is left as sent: it is evidence for the audit, never the address.
    expect(seen['x-forwarded-for']).toBe('6.6.6.6');
  });
});
