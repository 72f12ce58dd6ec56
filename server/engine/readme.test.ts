import { readFileSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Keeps the README's rule-code table in step with the codes the engine actually emits. */
const here = fileURLToPath(new URL('.', import.meta.url));
const CODE = /'((?:asl|binding|import|params|document)\.[a-z_]+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = dir + name;
    if (statSync(path).isDirectory()) return name === '__fixtures__' ? [] : sourceFiles(path + '/');
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('README rule codes', () => {
  it('lists exactly the codes the engine emits', () => {
    const emitted = new Set(sourceFiles(here).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(CODE)].map((m) => m[1]!)));
    const readme = readFileSync(here + 'README.md', 'utf8');
    const documented = new Set([...readme.matchAll(/`((?:asl|binding|import|params|document)\.[a-z_]+)`/g)].map((m) => m[1]!));
    expect([...documented].sort()).toEqual([...emitted].sort());
  });
});
