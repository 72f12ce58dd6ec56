import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RedisTarget } from '../server/config-redis.ts';
import { queueConnection } from '../server/execution/dispatcher.ts';

/**
 * A throw-away redis-server for a benchmark (no persistence), or REDIS_URL when set. `pinApart`:
 * the server and this process each on a CPU of their own (`pinned` says how), so a round trip is
 * always a wake-up on another core, as it is to a server on another host. Unpinned, the scheduler
 * places them: on this 2-core machine an EVALSHA's p50 was 0.026–0.04 ms with both on one core and
 * 0.10–0.11 ms on two, and which one a run got moved every ratio to that baseline 2–3×.
 */
export async function benchRedis(opts: { pinApart?: boolean } = {}): Promise<{ url: string; stop(): void; pinned: string }> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop() {}, pinned: 'not pinned (REDIS_URL)' };
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dcf-bench-redis-'));
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1', () => {
        sock.end();
        resolve(true);
      });
      sock.on('error', () => resolve(false));
    });
    if (up) return { url, stop: () => child.kill(), pinned: opts.pinApart ? pinApart(child.pid!) : 'not pinned' };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('redis-server did not start');
}

/** This process (every thread) on CPU 0 and `serverPid` on the last CPU, with taskset; else says why not. */
function pinApart(serverPid: number): string {
  const cpus = os.availableParallelism();
  if (process.env.DCF_BENCH_PIN === '0') return 'not pinned (DCF_BENCH_PIN=0)';
  if (cpus < 2) return 'not pinned (one CPU)';
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(cpus - 1), String(serverPid)], { stdio: 'ignore' });
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
    return `this process on CPU 0, redis-server on CPU ${cpus - 1} (taskset)`;
  } catch {
    return 'not pinned (no taskset)';
  }
}

/** The baseline of the engine benches: a Redis round trip, EVALSHA of a trivial script, p50 of 3,000 (ms). */
export async function evalshaP50(target: RedisTarget): Promise<number> {
  const r = queueConnection(target);
  const sha = (await r.script('LOAD', 'return 1')) as string;
  const times: number[] = [];
  for (let i = 0; i < 3000; i++) {
    const t = performance.now();
    await r.evalsha(sha, 0);
    times.push(performance.now() - t);
  }
  r.disconnect();
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
