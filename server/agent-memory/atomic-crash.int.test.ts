import { spawn } from 'node:child_process';
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../lib/seeded-random.ts';
import { AgentMemoryStore } from './store.ts';

const STORE = fileURLToPath(new URL('./store.ts', import.meta.url));
const BIG = 4 << 20;

/**
 * A real crash: a child process writes a 4 MiB file and appends to a log over and over, and is
 * killed with SIGKILL at a random moment (seeded). Afterwards the big file is absent or one whole
 * version (4 MiB of one letter), the log is whole lines only, and the store lists neither temp files
 * nor anything else it left. Run a few times, so kills land in different phases of a write.
 */
function writer(dataDir: string) {
  const script = `
    const { AgentMemoryStore } = await import(${JSON.stringify(STORE)});
    const s = new AgentMemoryStore(${JSON.stringify(dataDir)}, { quotaBytes: 1 << 30, maxFileBytes: 64 << 20 });
    process.stdout.write('ready\\n');
    for (let i = 0; ; i++) {
      const c = String.fromCharCode(97 + (i % 26));
      await s.write('agent-a', 'big.bin', Buffer.alloc(${BIG}, c), null);
      await s.append('agent-a', 'log.md', Buffer.from(c.repeat(1000)), true);
    }`;
  const args = ['--import', 'tsx', '--input-type=module', '-e', script];
  return spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
}

describe('atomic writes under a crash', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('leaves whole versions only when the writing process is killed mid-write', { timeout: 120_000 }, async () => {
    const rnd = mulberry32(18);
    for (let round = 0; round < 4; round++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcf-crash-'));
      dirs.push(dataDir);
      const child = writer(dataDir);
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)));
      });
      await new Promise((r) => setTimeout(r, 300 + Math.floor(rnd() * 700)));
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;

      const dir = path.join(dataDir, 'agent-memory', 'agent-a');
      const big = await fs.readFile(path.join(dir, 'big.bin')).catch(() => null);
      if (big) {
        expect(big.length, `round ${round}`).toBe(BIG);
        expect(
          big.every((b) => b === big[0]),
          `round ${round}: one version`,
        ).toBe(true);
      }
      const log = await fs.readFile(path.join(dir, 'log.md'), 'utf8').catch(() => '');
      for (const line of log ? log.split('\n') : []) expect(line, `round ${round}`).toMatch(/^([a-z])\1{999}$/);
      const store = new AgentMemoryStore(dataDir, { quotaBytes: 1 << 30, maxFileBytes: 64 << 20 });
      const listed = (await store.list('agent-a')).files;
      expect(
        listed.map((f) => f.path).filter((p) => p !== 'big.bin' && p !== 'log.md'),
        `round ${round}`,
      ).toEqual([]);
    }
  });
});
