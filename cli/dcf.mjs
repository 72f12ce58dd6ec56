#!/usr/bin/env node
// `dcf`: the CLI's TypeScript sources, run from a bundle cached in node_modules/.cache/dcf/ and rebuilt
// when a source changes (cli/bundle-cache.mjs: a second less per process than loading them through
// tsx); through tsx when no bundle can be built. DCF_CLI_FROM_SOURCE=1 always loads them through tsx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCached } from './bundle-cache.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const fromSource = process.env.DCF_CLI_FROM_SOURCE === '1';
if (
  fromSource ||
  !(await importCached(root, path.join(root, 'cli', 'main.ts'), path.join(root, 'node_modules', '.cache', 'dcf', 'dcf.mjs')))
) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./main.ts');
}
