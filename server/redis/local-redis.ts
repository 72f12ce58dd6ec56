import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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

/**
 * The embedded default's Redis for processes started without REDIS_URL (the `dcf` CLI): the
 * local redis-server whose URL is recorded in `<dataDir>/redis/url` if it answers, else a new
 * daemonized one with AOF in that directory (it outlives the command, so `dcf run
 * --external-workers`, `dcf worker` and the console share it; `npm start` reuses it too).
 * One data directory, one redis-server: never two servers on the same AOF.
 */
export async function ensureLocalRedis(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'redis');
  const urlFile = path.join(dir, 'url');
  const known = await readFile(urlFile, 'utf8').then((t) => t.trim(), () => '');
  if (known && (await pings(known))) return known;
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '',
    '--daemonize', 'yes', '--pidfile', path.join(dir, 'redis.pid'), '--logfile', path.join(dir, 'redis.log')];
  await new Promise<void>((resolve, reject) => {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    child.once('error', (err) => reject(new Error(`cannot start redis-server (${err.message}); install it (apt-get install redis-server) or set REDIS_URL`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`redis-server exited with ${code}; see ${dir}/redis.log`))));
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (await pings(url)) {
      await writeFile(urlFile, url + '\n');
      return url;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server did not answer on ${url}; see ${dir}/redis.log`);
}
