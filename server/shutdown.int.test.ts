import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * A real process told to stop: the stop hooks end (or their time is up), then the flush hooks finish
 * before the close hooks start, and the process then ends by the signal (not before: the console's
 * database must close first).
 */
describe('shutdown on SIGTERM', () => {
  let dir = '';
  afterAll(async () => dir && rm(dir, { recursive: true, force: true }));

  it('runs every stop (for at most its budget), then every flush, then every close, then ends by the signal', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'dcf-shutdown-'));
    const log = path.join(dir, 'log');
    const script = path.join(dir, 'child.ts');
    await writeFile(
      script,
      `
      import { appendFileSync } from 'node:fs';
      import { onShutdown } from ${JSON.stringify(path.join(ROOT, 'server/shutdown.ts'))};
      const note = (s: string) => appendFileSync(${JSON.stringify(log)}, s + '\\n');
      const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
      onShutdown('close', async () => { note('close begins'); await later(50); note('close ends'); });
      onShutdown('flush', async () => { await later(200); note('slow flush ends'); });
      onShutdown('flush', async () => { throw new Error('a failing flush stops nothing'); });
      onShutdown('stop', async () => { await later(100); note('stop ends'); });
      onShutdown('stop', () => new Promise(() => {})); // never ends: the close comes all the same
      setInterval(() => {}, 1_000); // alive until told to stop
      note('ready');
    `,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: 'ignore' });
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    while (!(await readFile(log, 'utf8').catch(() => '')).includes('ready')) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGTERM');
    expect(await ended).toEqual({ code: null, signal: 'SIGTERM' });
    expect((await readFile(log, 'utf8')).trim().split('\n')).toEqual([
      'ready',
      'stop ends',
      'slow flush ends',
      'close begins',
      'close ends',
    ]);
  }, 30_000);
});
