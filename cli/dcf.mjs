#!/usr/bin/env node
// `dcf`: the CLI's TypeScript sources, run from a build cached in node_modules/.cache/dcf/ and rebuilt
// when a source changes (cli/bundle-cache.mjs: about half the CPU per process of loading them through
// tsx); through tsx when no build can be made. DCF_CLI_FROM_SOURCE=1 always loads them through tsx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCached } from './bundle-cache.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const fromSource = process.env.DCF_CLI_FROM_SOURCE === '1';
const cacheDir = path.join(root, 'node_modules', '.cache', 'dcf');
if (fromSource || !(await importCached(root, path.join(root, 'cli', 'main.ts'), cacheDir))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./main.ts');
}
