import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureLocalRedis } from '../server/redis/local-redis.ts';
import { PROJECT_ROOT } from '../server/testing/test-database.ts';

/** PING without credentials, over a bare socket: the server's reply line, or the connection error. */
function pingWithoutPassword(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => socket.write('PING\r\n'));
    socket.once('data', (d) => (socket.destroy(), resolve(d.toString().trim())));
    socket.once('error', (err) => resolve(err.message));
  });
}

/** The command line of the redis-server answering at `url` (what every local user sees in ps). */
async function serverCommandLine(url: string): Promise<string> {
  const r = new Redis(url, { maxRetriesPerRequest: 0 });
  try {
    const pid = /process_id:(\d+)/.exec(await r.info('server'))![1];
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } finally {
    r.disconnect();
  }
}

const mode = async (file: string) => (await stat(file)).mode & 0o777;

/** Paths under `root` (itself included) with any group or other permission bit. */
async function groupOrOtherReadable(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (p: string): Promise<void> => {
    const s = await stat(p);
    if (s.mode & 0o077) out.push(`${p} ${(s.mode & 0o777).toString(8)}`);
    if (s.isDirectory()) for (const name of await readdir(p)) await walk(path.join(p, name));
  };
  await walk(root);
  return out;
}

/**
 * Issue 14 item 9: the local redis-server that `npm start` (scripts/lib.sh start_redis) and the
 * `dcf` CLI (ensureLocalRedis) start accepted any local process without a password.
 */
describe('the local redis-server requires its generated password', { timeout: 60_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });
  const dataDir = async () => {
    const d = await mkdtemp(path.join(os.tmpdir(), 'dcf-redis-'));
    dirs.push(d);
    return d;
  };

  it("the CLI's (ensureLocalRedis): refused without the password, kept 0600 and off ps, reused", async () => {
    const dir = await dataDir();
    const url = await ensureLocalRedis(dir);
    try {
      const password = (await readFile(path.join(dir, 'redis/password'), 'utf8')).trim();
      expect(url).toBe(`redis://:${password}@${new URL(url).host}`);
      expect(await pingWithoutPassword(url)).toMatch(/NOAUTH/);
      const r = new Redis(url, { maxRetriesPerRequest: 0 });
      expect(await r.ping()).toBe('PONG');
      r.disconnect();
      for (const f of ['password', 'url', 'redis.conf']) expect(await mode(path.join(dir, 'redis', f)), f).toBe(0o600);
      expect(await serverCommandLine(url)).not.toContain(password);
      expect(await ensureLocalRedis(dir)).toBe(url);
    } finally {
      const r = new Redis(url, { maxRetriesPerRequest: 0 });
      await r.shutdown().catch(() => undefined);
      r.disconnect();
    }
  });

  it("npm start's (start_redis): refused without the password; a passwordless one left running is replaced", async () => {
    const dir = path.join(await dataDir(), 'redis');
    // An old redis-server started without a password, recorded in the url file as before.
    const legacy = spawn(
      'bash',
      [
        '-c',
        `source scripts/lib.sh; mkdir -p "$1"; p=$(free_port);
      redis-server --port $p --bind 127.0.0.1 --dir "$1" --save "" --daemonize yes --pidfile "$1/old.pid"; sleep 0.3;
      echo "redis://127.0.0.1:$p" > "$1/url"; echo done`,
        '_',
        dir,
      ],
      { cwd: PROJECT_ROOT },
    );
    await new Promise((resolve) => legacy.on('close', resolve));
    const legacyUrl = (await readFile(path.join(dir, 'url'), 'utf8')).trim();
    expect(await pingWithoutPassword(legacyUrl)).toBe('+PONG');

    const script = 'source scripts/lib.sh; start_redis "$1" >&2; echo "$REDIS_URL"; read -r _; stop_redis';
    const shell = spawn('bash', ['-c', script, '_', dir], { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve) => createInterface({ input: shell.stdout }).once('line', resolve));
    try {
      const password = (await readFile(path.join(dir, 'password'), 'utf8')).trim();
      expect(url).toBe(`redis://:${password}@${new URL(url).host}`);
      expect(await pingWithoutPassword(url)).toMatch(/NOAUTH/);
      expect(await pingWithoutPassword(legacyUrl)).toMatch(/ECONNREFUSED|NOAUTH/); // the passwordless one is gone
      const r = new Redis(url, { maxRetriesPerRequest: 0 });
      expect(await r.ping()).toBe('PONG');
      r.disconnect();
      expect(await mode(path.join(dir, 'url'))).toBe(0o600);
      // Issue 29: the AOF (and every file and folder beside it) is the user's alone.
      const writer = new Redis(url, { maxRetriesPerRequest: 0 });
      await writer.set('dcf:test:aof', '1');
      writer.disconnect();
      const readable = await groupOrOtherReadable(dir);
      expect(readable, readable.join(', ')).toEqual([]);
      expect(await mode(dir)).toBe(0o700);
      expect(await serverCommandLine(url)).not.toContain(password);
      expect(await ensureLocalRedis(path.dirname(dir))).toBe(url); // the CLI finds and reuses it
    } finally {
      shell.stdin.end('\n');
      await new Promise((resolve) => shell.on('close', resolve));
      // Should start_redis have left the passwordless server running, stop it here.
      const legacyPid = Number(await readFile(path.join(dir, 'old.pid'), 'utf8').catch(() => ''));
      if (legacyPid)
        await Promise.resolve()
          .then(() => process.kill(legacyPid))
          .catch(() => undefined);
    }
  });
});
