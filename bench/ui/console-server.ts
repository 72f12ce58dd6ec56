import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

export interface BenchConsole {
  baseURL: string;
  redisUrl: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/**
 * The console as the e2e tests run it (scripts/e2e-server.sh: `next start` on the production
 * build, its own redis-server, demo users, a throw-away data directory), on a free port. A
 * benchmark measures what users get, so it never runs against `next dev`.
 */
export async function startBenchConsole(root: string): Promise<BenchConsole> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcf-bench-ui-'));
  const child = spawn('bash', ['scripts/e2e-server.sh'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), DCF_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the console exited (${child.exitCode})`);
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the console did not start within 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const redisUrl = readFileSync(path.join(dataDir, 'redis', 'url'), 'utf8').trim();
  return {
    baseURL,
    redisUrl,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
