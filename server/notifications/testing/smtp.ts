import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the test SMTP server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server (the `smtp-server` package) on a free local port, requiring AUTH PLAIN/LOGIN
 * with `user`/`pass`, keeping every accepted message. `rejectRcpt(address)` may answer a
 * recipient with an SMTP code (e.g. 451 try later, 550 no such user) to exercise failures.
 */
export async function startTestSmtp(opts: { user: string; pass: string; rejectRcpt?: (address: string) => number | null }): Promise<{
  url: (auth?: { user: string; pass: string }) => string;
  received: ReceivedMail[];
  rcptAttempts: string[];
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const rcptAttempts: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) return cb(null, { user: auth.username });
      const err = Object.assign(new Error('Invalid username or password'), { responseCode: 535 });
      return cb(err);
    },
    onRcptTo(address, _session, cb) {
      rcptAttempts.push(address.address);
      const code = opts.rejectRcpt?.(address.address) ?? null;
      if (code === null) return cb();
      return cb(Object.assign(new Error(code >= 500 ? 'No such user here' : 'Mailbox busy, try again later'), { responseCode: code }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: (auth = { user: opts.user, pass: opts.pass }) =>
      `smtp://${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@127.0.0.1:${port}`,
    received,
    rcptAttempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
