import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import vitestConfig from '../vitest.config';

/**
 * Every npm script must be runnable: the files it names exist, the commands it calls are
 * installed, and a `--project` it selects is one of vitest's projects. (`test:int` once selected
 * a project that did not exist and `serve` ran a file that was never written.)
 */
const root = path.resolve(import.meta.dirname, '..');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const projects = ((vitestConfig as { test?: { projects?: Array<{ test?: { name?: string } }> } }).test?.projects ?? []).map(
  (p) => p.test?.name,
);
const SHELL_WORDS = new Set(['node', 'bash', 'npx', 'npm']);

describe.each(Object.entries(scripts))('npm run %s', (_name, command) => {
  const words = command.split(/\s+|&&/).filter(Boolean);

  it('names only files that exist', () => {
    const files = words.filter((w) => /^[\w./-]+\.(?:sh|ts|mjs|cjs|js|json)$/.test(w) && w.includes('/'));
    for (const f of files) expect(existsSync(path.join(root, f)), f).toBe(true);
  });

  it('calls only installed commands', () => {
    // The first word of each part that is not an environment assignment (`NAME=value next start`).
    const commands = command.split('&&').map((part) =>
      part
        .trim()
        .split(/\s+/)
        .find((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w))!,
    );
    for (const c of commands) {
      if (SHELL_WORDS.has(c)) continue;
      expect(existsSync(path.join(root, 'node_modules/.bin', c)), c).toBe(true);
    }
  });

  it('selects only vitest projects that exist', () => {
    words.forEach((w, i) => {
      if (w === '--project') expect(projects, words[i + 1]).toContain(words[i + 1]);
    });
  });
});

describe('scripts run by npm scripts', () => {
  it('select only vitest projects that exist', () => {
    const text = readFileSync(path.join(root, 'scripts/test-int.sh'), 'utf8');
    const named = [...text.matchAll(/--project (\S+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    // int-cluster exists only while a cluster is configured (TEST_REDIS_CLUSTER_NODES, set by the scripts that start one).
    const configText = readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
    for (const n of named) expect(projects.includes(n) || configText.includes(`name: '${n}'`), n).toBe(true);
  });
});
