import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';

async function pings(url: string): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  r.on('error', () => {});
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Writes a file only this user can read (0600), replacing it whole. */
async function writePrivate(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp.${process.pid}`;
  await writeFile(tmp, `${text}\n`, { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, file);
}

/** The local redis-server's password (`<dir>/password`, 0600), generated on first use; scripts/lib.sh reads it too. */
async function localRedisPassword(dir: string): Promise<string> {
  const file = path.join(dir, 'password');
  const known = await readFile(file, 'utf8').then(
    (t) => t.split('\n')[0]!.trim(),
    () => '',
  );
  if (known) return known;
  const password = randomBytes(24).toString('base64url');
  await writePrivate(file, password);
  return password;
}

/** Stops a redis-server left running without a password (SHUTDOWN writes its AOF first). */
async function shutDown(url: string): Promise<void> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => {});
  await r
    .connect()
    .then(() => r.shutdown())
    .catch(() => undefined);
  r.disconnect();
  for (let i = 0; i < 50 && (await pings(url)); i++) await new Promise((res) => setTimeout(res, 100));
}

/**
 * The embedded default's Redis for processes started without REDIS_URL (the `dcf` CLI): the
 * local redis-server whose URL is recorded in `<dataDir>/redis/url` if it answers, else a new
 * daemonized one with AOF in that directory (it outlives the command, so `dcf run
 * --external-workers`, `dcf worker` and the console share it; `npm start` reuses it too).
 * One data directory, one redis-server: never two servers on the same AOF.
 *
 * It listens on 127.0.0.1 with a password (requirepass), so no other local process can read or
 * change the control plane: the password is in `<dir>/password` and the URL in `<dir>/url`, both
 * mode 0600, and reaches redis-server in a 0600 config file, never on its command line (which
 * every local user can read with ps). scripts/lib.sh `start_redis` does the same.
 */
export async function ensureLocalRedis(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'redis');
  const urlFile = path.join(dir, 'url');
  await mkdir(dir, { recursive: true });
  const password = await localRedisPassword(dir);
  const known = await readFile(urlFile, 'utf8').then(
    (t) => t.trim(),
    () => '',
  );
  if (known && (await pings(known))) {
    if (new URL(known).password === password) return known;
    await shutDown(known); // started before it had a password
  }
  const port = await freePort();
  const conf = path.join(dir, 'redis.conf');
  await writePrivate(conf, `requirepass ${password}`);
  const args = [
    conf,
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--save',
    '',
    '--daemonize',
    'yes',
    '--pidfile',
    path.join(dir, 'redis.pid'),
    '--logfile',
    path.join(dir, 'redis.log'),
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    child.once('error', (err) =>
      reject(new Error(`cannot start redis-server (${err.message}); install it (apt-get install redis-server) or set REDIS_URL`)),
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`redis-server exited with ${code}; see ${dir}/redis.log`))));
  });
  const url = `redis://:${password}@127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await pings(url)) {
      await writePrivate(urlFile, url);
      return url;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server did not answer on 127.0.0.1:${port}; see ${dir}/redis.log`);
}
