import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The TCP peer's address, for route handlers, which never see the socket.
 *
 * What `next start` (Next 16.4) gives a route handler: base-server.js sets
 * `req.headers['x-forwarded-for'] ??= socket.remoteAddress`, so X-Forwarded-For is the socket
 * address only when the client sent none; a client that sends its own gets it passed through
 * unchanged, and the NextRequest carries no `ip`. A throttle keyed on that header could be
 * dodged by inventing a new value per request.
 *
 * So, before Next sees a request, Node's `http.server.request.start` diagnostics channel (public,
 * synchronous, published just before the `request` event) stamps PEER_ADDRESS_HEADER with the
 * socket's address, overwriting anything the client sent under that name. instrumentation.ts
 * installs it at boot; until it has, `peerAddressInstalled()` is false and the header is ignored.
 */
export const PEER_ADDRESS_HEADER = 'x-dcf-peer-address';

const INSTALLED = Symbol.for('dcf.peerAddressChannel');
type Holder = { [INSTALLED]?: true };

type RequestStart = { request: IncomingMessage; socket: Socket };

/** Subscribes once per process (Next may load this module more than once; the flag is global). */
export function installPeerAddressHeader(): void {
  const holder = globalThis as Holder;
  if (holder[INSTALLED]) return;
  subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as RequestStart;
    request.headers[PEER_ADDRESS_HEADER] = socket.remoteAddress ?? '';
  });
  holder[INSTALLED] = true;
}

/** Whether PEER_ADDRESS_HEADER on a request was written by this process (else a client could forge it). */
export function peerAddressInstalled(): boolean {
  return (globalThis as Holder)[INSTALLED] === true;
}
