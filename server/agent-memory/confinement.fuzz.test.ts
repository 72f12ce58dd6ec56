import { mkdirSync, mkdtempSync, promises as fs, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../lib/seeded-random.ts';
import { AgentMemoryStore } from './store.ts';
import { MemoryFileError } from './errors.ts';

/**
 * Confinement fuzz (issue 18): thousands of generated paths — traversal, absolute and Windows
 * forms, NUL and control bytes, encoded dots, over-long names, and names of symlinks planted in the
 * agent's directory (to outside, to the parent, to itself, to a file outside) — are written,
 * appended and read. Zero escapes: every file that exists afterwards outside the agent's
 * directory is one planted before, unchanged, and every accepted write lies, by real path, under
 * the agent's directory without a symlink on the way. Seeded, so a failure replays.
 */
const SEED = 18_2026;
const PATHS = 4000;

const TOKENS = [
  'a',
  'b',
  'notes',
  'log.md',
  'cfg.yaml',
  '..',
  '.',
  '',
  '...',
  '..a',
  'a..',
  '\\',
  '..\\..',
  '\0',
  'C:',
  'c:\\x',
  '//',
  'ln',
  'up',
  'self',
  'f',
  'agent-b',
  '%2e%2e',
  '%2f',
  '\u2025',
  '\uff0e\uff0e',
  '…',
  ' ',
  '~',
  '$HOME',
  '.dcf-tmp-x',
  ':',
  '\n',
  '\r',
  '\t',
  'é'.repeat(130),
  'x'.repeat(256),
  'y'.repeat(255),
  '/etc/passwd',
  '\u202e',
  'CON',
  'a b',
];

function generator(seed: number) {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  return (): string => {
    const parts = Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => pick(TOKENS));
    const joined = rnd() < 0.8 ? parts.join('/') : parts.join('');
    const r = rnd();
    if (r < 0.05) return `/${joined}`;
    if (r < 0.1) return `${joined}/`;
    if (r < 0.12) return joined.repeat(40);
    return joined;
  };
}

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await allFiles(full)));
    else out.push(full);
  }
  return out;
}

describe('agent memory confinement (fuzz)', () => {
  let root: string;
  let agentDir: string;
  let planted: Map<string, string>;
  const counts = { accepted: 0, refused: 0 };

  beforeAll(() => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'dcf-fuzz-')));
    const data = path.join(root, 'data');
    const outside = path.join(root, 'outside');
    agentDir = path.join(data, 'agent-memory', 'agent-a');
    mkdirSync(path.join(outside, 'victim'), { recursive: true });
    mkdirSync(path.join(data, 'agent-memory', 'agent-b'), { recursive: true });
    mkdirSync(agentDir, { recursive: true });
    planted = new Map([
      [path.join(outside, 'secret.txt'), 'secret'],
      [path.join(outside, 'victim', 'notes'), 'victim'],
      [path.join(data, 'agent-memory', 'agent-b', 'notes'), 'other agent'],
      [path.join(data, 'top.txt'), 'data dir'],
    ]);
    for (const [file, content] of planted) writeFileSync(file, content);
    symlinkSync(outside, path.join(agentDir, 'ln'));
    symlinkSync('..', path.join(agentDir, 'up'));
    symlinkSync('.', path.join(agentDir, 'self'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(agentDir, 'f'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(`writes, appends and reads ${PATHS} generated paths with zero escapes`, { timeout: 120_000 }, async () => {
    const store = new AgentMemoryStore(path.join(root, 'data'), { quotaBytes: 1 << 30, maxFileBytes: 1 << 20 });
    const next = generator(SEED);
    const symlinkNames = new Set(['ln', 'up', 'self', 'f']);
    for (let i = 0; i < PATHS; i++) {
      const p = next();
      const op = i % 3;
      try {
        if (op === 0) await store.write('agent-a', p, Buffer.from(`w${i}`), null);
        else if (op === 1) await store.append('agent-a', p, Buffer.from(`a${i}`), true);
        else await store.read('agent-a', p);
      } catch (e) {
        if (!(e instanceof MemoryFileError)) throw new Error(`path ${JSON.stringify(p)}: unexpected ${String(e)}`);
        counts.refused++;
        continue;
      }
      counts.accepted++;
      const names = p.split('/');
      // An accepted path never goes through a planted symlink...
      expect(symlinkNames.has(names[0]!), JSON.stringify(p)).toBe(false);
      if (op === 2) continue;
      // ...and what it wrote is a regular file whose real path lies under the agent's directory.
      const written = path.join(agentDir, ...names);
      expect((await fs.lstat(written)).isFile(), JSON.stringify(p)).toBe(true);
      expect(realpathSync(written).startsWith(agentDir + path.sep), JSON.stringify(p)).toBe(true);
    }
    // Every file outside the agent's directory was planted before the run, and is unchanged.
    for (const file of await allFiles(root)) {
      if (file.startsWith(agentDir + path.sep)) continue;
      expect(planted.has(file), `unexpected file ${file}`).toBe(true);
      expect(await fs.readFile(file, 'utf8')).toBe(planted.get(file));
    }
    // The planted symlinks are still links to where they pointed (none was replaced by a write).
    for (const name of symlinkNames) expect((await fs.lstat(path.join(agentDir, name))).isSymbolicLink()).toBe(true);
    // The generator must really exercise both sides.
    expect(counts.accepted).toBeGreaterThan(PATHS / 10);
    expect(counts.refused).toBeGreaterThan(PATHS / 10);
  });
});
