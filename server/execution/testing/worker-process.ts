import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../../testing/test-database.ts';
import { redisTargetEnv, type RedisTarget } from '../../config-redis.ts';

/** TEST SUPPORT: a real `dcf worker` process on `redis` (a server or a cluster); resolves once it consumes notifications. */
export async function startWorkerProcess(redis: RedisTarget, env: Record<string, string> = {}): Promise<ChildProcess> {
  const { REDIS_URL: _url, REDIS_CLUSTER_NODES: _nodes, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'cli/dcf.mjs'), 'worker', '--concurrency', '2'], {
    cwd: PROJECT_ROOT,
    env: { ...inherited, ...redisTargetEnv(redis), NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dcf worker did not start: ${err}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.includes('consuming notifications')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`dcf worker exited with ${code}: ${err}`)));
  });
  child.stdout!.resume();
  return child;
}

export function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((r) => child.once('exit', (code) => r(code)));
}
