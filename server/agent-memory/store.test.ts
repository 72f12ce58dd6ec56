import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentMemoryStore } from './store.ts';
import { MemoryFileError } from './errors.ts';

let dataDir: string;
let store: AgentMemoryStore;
const agentDir = (id = 'agent-a') => path.join(dataDir, 'agent-memory', id);
const text = (s: string) => Buffer.from(s, 'utf8');
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof MemoryFileError ? e.code : `threw ${String(e)}`),
  );

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcf-memory-'));
  store = new AgentMemoryStore(dataDir, { quotaBytes: 2000, maxFileBytes: 1000 });
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('AgentMemoryStore', () => {
  it("writes, reads back and lists files in the agent's own directory", async () => {
    await store.write('agent-a', 'trader_config/BTCUSDT.yaml', text('symbol: BTCUSDT\n'), null);
    expect(await fs.readFile(path.join(agentDir(), 'trader_config/BTCUSDT.yaml'), 'utf8')).toBe('symbol: BTCUSDT\n');
    const r = await store.read('agent-a', 'trader_config/BTCUSDT.yaml');
    expect(r).toMatchObject({ exists: true, typeHint: 'YAML', sizeBytes: 16 });
    expect(r.content.toString()).toBe('symbol: BTCUSDT\n');
    const missing = await store.read('agent-a', 'nope.md');
    expect(missing).toMatchObject({ exists: false, typeHint: 'MARKDOWN', sizeBytes: 0 });
    expect(missing.content.length).toBe(0);
    // Another agent sees nothing of it.
    expect((await store.read('agent-b', 'trader_config/BTCUSDT.yaml')).exists).toBe(false);
    const listing = await store.list('agent-a');
    expect(listing.files.map((f) => [f.path, f.size_bytes, f.file_type_hint])).toEqual([['trader_config/BTCUSDT.yaml', 16, 'YAML']]);
    expect(listing.exists).toBe(true);
    expect((await store.list('agent-b')).exists).toBe(false);
  });

  it('keeps a stated type hint where the extension says nothing, and forgets it on a write without one', async () => {
    await store.write('agent-a', 'beliefs', text('plain words'), 'YAML');
    expect((await store.read('agent-a', 'beliefs')).typeHint).toBe('YAML');
    expect((await store.list('agent-a')).files.map((f) => f.path)).toEqual(['beliefs']);
    await store.write('agent-a', 'beliefs', text('plain words'), null);
    expect((await store.read('agent-a', 'beliefs')).typeHint).toBe('TEXT');
  });

  it('appends with and without the newline', async () => {
    await store.append('agent-a', 'log.md', text('first'), true);
    await store.append('agent-a', 'log.md', text('second'), true);
    await store.append('agent-a', 'log.md', text(' third\n'), false);
    await store.append('agent-a', 'log.md', text('fourth'), true);
    expect((await store.read('agent-a', 'log.md')).content.toString()).toBe('first\nsecond third\nfourth');
  });

  it('refuses symlinked files and folders, whether they point inside or outside', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'dcf-outside-'));
    try {
      await fs.writeFile(path.join(outside, 'secret.txt'), 'secret');
      await store.write('agent-a', 'real/file.txt', text('mine'), null);
      await fs.symlink(path.join(outside, 'secret.txt'), path.join(agentDir(), 'link.txt'));
      await fs.symlink(outside, path.join(agentDir(), 'linkdir'));
      await fs.symlink(path.join(agentDir(), 'real'), path.join(agentDir(), 'inner'));
      expect(await code(store.read('agent-a', 'link.txt'))).toBe('forbidden');
      expect(await code(store.write('agent-a', 'link.txt', text('x'), null))).toBe('forbidden');
      expect(await code(store.append('agent-a', 'link.txt', text('x'), true))).toBe('forbidden');
      expect(await code(store.read('agent-a', 'linkdir/secret.txt'))).toBe('forbidden');
      expect(await code(store.write('agent-a', 'linkdir/new.txt', text('x'), null))).toBe('forbidden');
      expect(await code(store.write('agent-a', 'inner/file.txt', text('x'), null))).toBe('forbidden');
      expect(await fs.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
      expect(await fs.readdir(outside)).toEqual(['secret.txt']);
      // The agent's directory itself as a symlink is refused too.
      await fs.symlink(outside, agentDir('agent-c'));
      expect(await code(store.read('agent-c', 'secret.txt'))).toBe('forbidden');
      expect(await code(store.write('agent-c', 'x.txt', text('x'), null))).toBe('forbidden');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('refuses a FIFO without blocking, and folders where files are expected (and the reverse)', async () => {
    await store.write('agent-a', 'dir/file.txt', text('x'), null);
    expect(await code(store.read('agent-a', 'dir'))).toBe('invalid_input');
    expect(await code(store.write('agent-a', 'dir', text('x'), null))).toBe('invalid_input');
    expect(await code(store.write('agent-a', 'dir/file.txt/deeper', text('x'), null))).toBe('invalid_input');
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [path.join(agentDir(), 'pipe')]);
    expect(await code(store.read('agent-a', 'pipe'))).toBe('invalid_input');
  });

  it('enforces the per-file limit and the quota with clear errors, and counts an overwrite once', async () => {
    const tooBig = store.write('agent-a', 'big.txt', Buffer.alloc(1001, 0x61), null);
    await expect(tooBig).rejects.toThrow(/1001 bytes; one memory file may hold at most 1000 bytes/);
    await store.write('agent-a', 'a.txt', Buffer.alloc(900, 0x61), null);
    await store.write('agent-a', 'b.txt', Buffer.alloc(900, 0x61), null);
    await store.write('agent-a', 'a.txt', Buffer.alloc(1000, 0x61), null); // 1900 in all: fits
    const over = await store.write('agent-a', 'c.txt', Buffer.alloc(200, 0x61), null).catch((e: MemoryFileError) => e);
    expect(over).toBeInstanceOf(MemoryFileError);
    expect((over as MemoryFileError).code).toBe('conflict');
    expect((over as MemoryFileError).message).toMatch(/memory quota exceeded: your files use 1900 of 2000 bytes/);
    expect(await code(store.append('agent-a', 'b.txt', Buffer.alloc(99, 0x61), false))).toBe('ok'); // 1999 in all
    expect(await code(store.append('agent-a', 'c.txt', Buffer.alloc(2, 0x61), false))).toBe('conflict');
    expect(await code(store.append('agent-a', 'b.txt', Buffer.alloc(2, 0x61), false))).toBe('invalid_input'); // 1001 > file limit
    // Other agents have their own quota.
    expect(await code(store.write('agent-b', 'c.txt', Buffer.alloc(1000, 0x61), null))).toBe('ok');
  });

  it('writes atomically: readers see whole versions only, and no temp file is left behind', async () => {
    await store.write('agent-a', 'state.yaml', text('v: 1\n'), null);
    // A refused write (a file over the limit) leaves the old content.
    await expect(store.write('agent-a', 'state.yaml', Buffer.alloc(1001, 0x61), null)).rejects.toThrow(MemoryFileError);
    expect(await fs.readFile(path.join(agentDir(), 'state.yaml'), 'utf8')).toBe('v: 1\n');
    // Many concurrent writers and appenders: every read sees one whole version, never a mix.
    const versions = Array.from({ length: 20 }, (_, i) => `v: ${i}\n${'x'.repeat(400)}\n`);
    const reads: string[] = [];
    await Promise.all([
      ...versions.map((v) => store.write('agent-a', 'state.yaml', text(v), null)),
      ...versions.map(async () => reads.push(await fs.readFile(path.join(agentDir(), 'state.yaml'), 'utf8'))),
    ]);
    for (const r of reads) expect(['v: 1\n', ...versions]).toContain(r);
    const leftovers = (await fs.readdir(agentDir())).filter((n) => n.startsWith('.dcf-tmp-'));
    expect(leftovers).toEqual([]);
  });

  it('removes a temp file left by a crash once it is old, and never lists it', async () => {
    await store.write('agent-a', 'a.txt', text('a'), null);
    const stale = path.join(agentDir(), '.dcf-tmp-deadbeef');
    await fs.writeFile(stale, 'half a wri');
    expect((await store.list('agent-a')).files.map((f) => f.path)).toEqual(['a.txt']);
    const old = new Date(Date.now() - 60 * 60_000);
    await fs.utimes(stale, old, old);
    await store.list('agent-a');
    await expect(fs.access(stale)).rejects.toThrow();
  });
});
