import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './project-root.ts';

describe('projectRoot', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('is this repository from a module of its source', () => {
    expect(projectRoot(import.meta.url)).toBe(path.resolve(__dirname, '..'));
  });

  it("walks past another package's package.json (Next's .next/) to the console's, from any depth", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'dcf-root-'));
    dirs.push(root);
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'dcf-console' }));
    const chunks = path.join(root, '.next', 'server', 'chunks');
    await mkdir(chunks, { recursive: true });
    await writeFile(path.join(root, '.next', 'package.json'), JSON.stringify({ type: 'commonjs' }));
    expect(projectRoot(pathToFileURL(path.join(chunks, 'a.js')).href)).toBe(root);
    const cache = path.join(root, 'node_modules', '.cache', 'dcf');
    await mkdir(cache, { recursive: true });
    expect(projectRoot(pathToFileURL(path.join(cache, 'dcf.mjs')).href)).toBe(root);
  });

  it('is the working directory when the module is not a file or no console package holds it', async () => {
    expect(projectRoot('data:text/javascript,1')).toBe(process.cwd());
    const lone = await mkdtemp(path.join(os.tmpdir(), 'dcf-lone-'));
    dirs.push(lone);
    expect(projectRoot(pathToFileURL(path.join(lone, 'x.mjs')).href)).toBe(process.cwd());
  });
});
