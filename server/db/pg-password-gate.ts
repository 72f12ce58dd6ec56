import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import net from 'node:net';

/**
 * A password check in front of a PostgreSQL wire-protocol server that has none: pglite-socket
 * answers every StartupMessage with AuthenticationOk, so the embedded database it shares would
 * be open to every local process (the users table with its password hashes included). The gate
 * listens on 127.0.0.1, runs SCRAM-SHA-256 (PostgreSQL's own password method: the password never
 * crosses the socket, and the client checks the server's signature too) and only then connects
 * the client to `upstream` (a unix socket in a 0700 directory: pglite-share.ts), passing the
 * StartupMessage on and the bytes both ways from then on. Anything else ends the connection with
 * PostgreSQL's "password authentication failed" (SQLSTATE 28P01).
 */
export type PasswordGate = { port: number; close(): Promise<void> };

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const PROTOCOL_3 = 196608;
const MAX_AUTH_MESSAGE = 8 * 1024;
const AUTH_TIMEOUT_MS = 10_000;
const ITERATIONS = 4096;

export async function startPasswordGate(opts: { password: string; upstream: string }): Promise<PasswordGate> {
  const verifier = scramVerifier(opts.password);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    void gate(client, verifier, opts.upstream, sockets);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => (server.off('error', reject), resolve()));
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

type Verifier = { salt: Buffer; storedKey: Buffer; serverKey: Buffer };

function scramVerifier(password: string): Verifier {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, ITERATIONS, 32, 'sha256');
  const clientKey = hmac(salted, 'Client Key');
  return { salt, storedKey: sha256(clientKey), serverKey: hmac(salted, 'Server Key') };
}

/** Reads messages off a socket: the untyped startup packet first, then typed ones ('p' password messages). */
class MessageReader {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private ended = false;
  constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    socket.on('close', () => {
      this.ended = true;
      this.waiting?.();
    });
  }

  /** What arrived beyond the messages read so far (after authentication: the client's first query). */
  rest(): Buffer {
    this.socket.removeAllListeners('data');
    return this.buffer;
  }

  /** The whole packet (its length field included, as it is passed on upstream). */
  async startup(): Promise<Buffer | null> {
    const head = await this.bytes(4);
    const length = head?.readInt32BE(0) ?? 0;
    if (!head || length < 8 || length > MAX_AUTH_MESSAGE) return null;
    const body = await this.bytes(length - 4);
    return body ? Buffer.concat([head, body]) : null;
  }

  /** The body of the next message, which must be of `type`. */
  async typed(type: string): Promise<Buffer | null> {
    const head = await this.bytes(5);
    if (!head || head.toString('latin1', 0, 1) !== type) return null;
    const length = head.readInt32BE(1);
    if (length < 4 || length > MAX_AUTH_MESSAGE) return null;
    return this.bytes(length - 4);
  }

  /** Resolves with the next `n` bytes (taken off the buffer), or null if the socket ended first. */
  private async bytes(n: number): Promise<Buffer | null> {
    while (this.buffer.length < n) {
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }
}

async function gate(client: net.Socket, v: Verifier, upstream: string, sockets: Set<net.Socket>): Promise<void> {
  const timer = setTimeout(() => client.destroy(), AUTH_TIMEOUT_MS);
  const reader = new MessageReader(client);
  try {
    let startup = await reader.startup();
    // Encryption requests: refuse them ('N'), as PostgreSQL without TLS does; the startup follows.
    while (startup && (code(startup) === SSL_REQUEST || code(startup) === GSSENC_REQUEST)) {
      client.write('N');
      startup = await reader.startup();
    }
    if (!startup || code(startup) !== PROTOCOL_3) return void client.destroy();
    const user = startupParameter(startup, 'user') ?? '';
    if (!(await scram(client, reader, v))) return refuse(client, user);
    clearTimeout(timer);
    const server = net.connect(upstream);
    sockets.add(server);
    server.on('close', () => (sockets.delete(server), client.destroy()));
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
    server.write(startup);
    const early = reader.rest();
    if (early.length) server.write(early);
    client.pipe(server);
    server.pipe(client);
  } finally {
    clearTimeout(timer);
  }
}

const code = (startup: Buffer) => startup.readInt32BE(4);

function startupParameter(startup: Buffer, name: string): string | undefined {
  const fields = startup.subarray(8).toString('utf8').split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

/** SCRAM-SHA-256 (RFC 5802/7677) as PostgreSQL runs it, without channel binding; true when the proof holds. */
async function scram(client: net.Socket, reader: MessageReader, v: Verifier): Promise<boolean> {
  client.write(authentication(10, Buffer.from('SCRAM-SHA-256\0\0')));
  const initial = await reader.typed('p');
  if (!initial) return false;
  const mechanismEnd = initial.indexOf(0);
  if (mechanismEnd < 0 || initial.toString('utf8', 0, mechanismEnd) !== 'SCRAM-SHA-256') return false;
  const clientFirst = initial.subarray(mechanismEnd + 5).toString('utf8');
  const gs2 = /^([ny]),,/.exec(clientFirst);
  const clientNonce = /(?:^|,)r=([^,]+)/.exec(clientFirst.slice(gs2?.[0].length ?? 0))?.[1];
  if (!gs2 || !clientNonce) return false;
  const clientFirstBare = clientFirst.slice(gs2[0].length);
  const nonce = clientNonce + randomBytes(18).toString('base64');
  const serverFirst = `r=${nonce},s=${v.salt.toString('base64')},i=${ITERATIONS}`;
  client.write(authentication(11, Buffer.from(serverFirst)));
  const final = (await reader.typed('p'))?.toString('utf8');
  const proofAt = final?.lastIndexOf(',p=') ?? -1;
  if (!final || proofAt < 0) return false;
  const withoutProof = final.slice(0, proofAt);
  if (withoutProof !== `c=${Buffer.from(gs2[0]).toString('base64')},r=${nonce}`) return false;
  const proof = Buffer.from(final.slice(proofAt + 3), 'base64');
  const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
  const signature = hmac(v.storedKey, authMessage);
  if (proof.length !== signature.length) return false;
  const clientKey = Buffer.from(proof.map((b, i) => b ^ signature[i]!));
  if (!timingSafeEqual(sha256(clientKey), v.storedKey)) return false;
  client.write(authentication(12, Buffer.from(`v=${hmac(v.serverKey, authMessage).toString('base64')}`)));
  return true;
}

function authentication(kind: number, data: Buffer): Buffer {
  const head = Buffer.alloc(9);
  head.write('R', 0, 'latin1');
  head.writeInt32BE(8 + data.length, 1);
  head.writeInt32BE(kind, 5);
  return Buffer.concat([head, data]);
}

function refuse(client: net.Socket, user: string): void {
  const fields = ['SFATAL', 'VFATAL', 'C28P01', `Mpassword authentication failed for user "${user}"`];
  const body = Buffer.from(`${fields.join('\0')}\0\0`);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  client.end(Buffer.concat([head, body]));
}

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
