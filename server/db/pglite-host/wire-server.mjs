// @ts-check
/**
 * Serves one PGlite over the PostgreSQL wire protocol on a unix socket, with transactions
 * isolated between connections (issue 29). Plain JavaScript: it runs in the database's worker
 * thread (worker.mjs), which Node loads without a TypeScript loader (`next start` has none).
 *
 * PGlite is one backend, so connections take turns. A connection that sends a message takes the
 * database and keeps it until a ReadyForQuery ('Z') it receives says the backend is idle ('I'):
 * inside a transaction ('T', or 'E' when it failed) and between an extended-protocol Parse and
 * its Sync, no other connection's message runs. (`@electric-sql/pglite-socket` interleaves per
 * message, so another connection's statements could land inside an open transaction, or between
 * a Parse and its Bind.) A connection that ends while it holds the database is rolled back.
 * The cost: a client idle inside a transaction holds everyone else up, as a table lock would.
 */
import net from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]); // 'S'
const ROLLBACK = query('ROLLBACK');

/** A simple-protocol Query message. */
function query(text) {
  const body = Buffer.from(`${text}\0`);
  const head = Buffer.alloc(5);
  head.write('Q', 0, 'latin1');
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

/**
 * The transaction status of the last ReadyForQuery in `out` ('I', 'T' or 'E'), or null when
 * `out` holds none (the backend waits for more of the same exchange).
 * @param {Uint8Array} out
 * @returns {string | null}
 */
export function lastReadyStatus(out) {
  const buf = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  let status = null;
  for (let i = 0; i + 5 <= buf.length;) {
    const length = buf.readInt32BE(i + 1);
    if (buf[i] === 0x5a && i + 6 <= buf.length) status = String.fromCharCode(buf[i + 5]);
    if (length < 4) break;
    i += 1 + length;
  }
  return status;
}

/**
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {string} socketPath
 * @returns {Promise<{ close(): Promise<void> }>}
 */
export async function serveWire(db, socketPath) {
  /** @typedef {{ socket: net.Socket, buffer: Buffer, started: boolean, pending: Buffer[], closed: boolean }} Conn */
  /** @type {Set<Conn>} */
  const conns = new Set();
  /** @type {Conn[]} connections with messages, in arrival order */
  const waiting = [];
  /** @type {Conn | null} the connection the database is reserved for */
  let owner = null;
  let running = false;

  /** Splits what arrived into whole messages; answers the requests PGlite need not see. */
  function receive(conn, chunk) {
    conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk;
    for (;;) {
      if (!conn.started) {
        if (conn.buffer.length < 8) break;
        const length = conn.buffer.readInt32BE(0);
        const code = conn.buffer.readInt32BE(4);
        if (length < 8 || length > 10_000) return conn.socket.destroy();
        if (conn.buffer.length < length) break;
        const packet = conn.buffer.subarray(0, length);
        conn.buffer = conn.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) conn.socket.write('N');
        else if (code === CANCEL_REQUEST)
          return conn.socket.destroy(); // not supported (PGlite has one backend)
        else {
          conn.started = true;
          conn.pending.push(Buffer.from(packet));
        }
        continue;
      }
      if (conn.buffer.length < 5) break;
      const length = conn.buffer.readInt32BE(1);
      if (length < 4) return conn.socket.destroy();
      if (conn.buffer.length < 1 + length) break;
      const message = Buffer.from(conn.buffer.subarray(0, 1 + length));
      conn.buffer = conn.buffer.subarray(1 + length);
      if (message[0] === 0x58) return void conn.socket.end(); // Terminate: end here, PGlite's backend stays
      conn.pending.push(message);
    }
    if (conn.pending.length && !waiting.includes(conn)) waiting.push(conn);
    void pump();
  }

  /** Runs queued messages one at a time, keeping the database for its owner while it is mid-exchange. */
  async function pump() {
    if (running) return;
    running = true;
    try {
      for (;;) {
        if (owner && owner.closed && owner.pending.length === 0) {
          await release(owner);
          continue;
        }
        const conn = owner ?? waiting.find((c) => c.pending.length > 0) ?? null;
        if (!conn || conn.pending.length === 0) break;
        owner = conn;
        const message = /** @type {Buffer} */ (conn.pending.shift());
        let out;
        try {
          out = await db.execProtocolRaw(message);
        } catch (err) {
          // PGlite itself failed (not an SQL error, which is a reply): drop this client, keep serving.
          process.emitWarning(`pglite host: a message failed: ${err instanceof Error ? err.message : String(err)}`);
          conn.socket.destroy();
          conn.closed = true;
          conn.pending = [];
          continue;
        }
        if (!conn.closed && out.length) conn.socket.write(Buffer.from(out));
        if (lastReadyStatus(out) === 'I') {
          owner = null;
          const at = waiting.indexOf(conn);
          if (at >= 0) waiting.splice(at, 1);
          if (conn.pending.length) waiting.push(conn); // fair: others go first
        }
      }
    } finally {
      running = false;
    }
  }

  /** Ends what a vanished owner left open (an unsynced extended exchange, a transaction). */
  async function release(conn) {
    try {
      await db.execProtocolRaw(SYNC);
      if (db.isInTransaction()) await db.execProtocolRaw(ROLLBACK);
    } finally {
      owner = null;
      const at = waiting.indexOf(conn);
      if (at >= 0) waiting.splice(at, 1);
    }
  }

  const server = net.createServer((socket) => {
    /** @type {Conn} */
    const conn = { socket, buffer: Buffer.alloc(0), started: false, pending: [], closed: false };
    conns.add(conn);
    socket.on('data', (chunk) => receive(conn, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      conn.closed = true;
      conn.pending = [];
      conns.delete(conn);
      if (owner === conn) void pump();
      else {
        const at = waiting.indexOf(conn);
        if (at >= 0) waiting.splice(at, 1);
      }
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => (server.off('error', reject), resolve(undefined)));
  });
  return {
    close: () =>
      new Promise((resolve) => {
        for (const c of conns) c.socket.destroy();
        server.close(() => resolve(undefined));
      }),
  };
}
