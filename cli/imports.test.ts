import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from './context.ts';

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module the CLI can load, following relative imports from cli/main.ts; bare specifiers collected. */
async function importGraph(entry: string): Promise<{ files: Set<string>; packages: Set<string> }> {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = await readFile(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) queue.push(path.resolve(path.dirname(file), spec));
      else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return { files, packages };
}

describe('dcf start-up path', () => {
  it('never imports Next.js, React or the console (fast start)', async () => {
    const { files, packages } = await importGraph(path.join(PROJECT_ROOT, 'cli/main.ts'));
    expect(files.size).toBeGreaterThan(20);
    for (const pkg of ['next', 'react', 'react-dom', '@trpc/server', '@tanstack/react-query']) expect(packages.has(pkg), pkg).toBe(false);
    for (const f of files) expect(path.relative(PROJECT_ROOT, f), f).not.toMatch(/^(app|components)\//);
  });
});
