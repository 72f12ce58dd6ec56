import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Options, ValidateFunction } from 'ajv';
import { projectRoot } from '../project-root.ts';
import { useSchemaCompiler } from '../schemas/registry.ts';

// ajv is CommonJS; require() avoids default-export interop differences (see server/schemas/registry.ts).
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020') as typeof import('ajv/dist/2020').default;
const standaloneCode = require('ajv/dist/standalone') as typeof import('ajv/dist/standalone').default;
const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
const { _ } = require('ajv') as typeof import('ajv');
const AJV_VERSION = (require('ajv/package.json') as { version: string }).version;

/**
 * A schema's validator compiled by ajv once per machine, not once per process: the first process
 * writes ajv's standalone code to node_modules/.cache/dcf/validators/<name>-<hash>.cjs and the next
 * ones load that (milliseconds where compiling Letta's 125 KB AgentFileSchema takes most of a second,
 * in every `dcf` process and every console start). The hash covers the schema, the options and ajv's
 * version, so a changed schema is compiled again. The code is ajv's own output for this schema and
 * runs with ajv's runtime helpers (its `require`s resolve from here); a cache that cannot be read or
 * written falls back to compiling in the process. `formats` adds ajv-formats' formats (the standalone
 * code then requires them from ajv-formats, as ajv documents).
 */
export function cachedValidator(name: string, schema: object, options: Options, formats = false): ValidateFunction {
  const hash = createHash('sha256')
    .update(JSON.stringify([AJV_VERSION, options, formats, schema]))
    .digest('hex')
    .slice(0, 16);
  const file = path.join(
    /*turbopackIgnore: true*/ projectRoot(import.meta.url),
    'node_modules',
    '.cache',
    'dcf',
    'validators',
    `${name}-${hash}.cjs`,
  );
  const loaded = load(file);
  if (loaded) return loaded;
  const code = formats ? { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } : { source: true };
  const ajv = new Ajv2020({ ...options, code: { ...options.code, ...code } });
  if (formats) addFormats(ajv);
  const validate = ajv.compile(schema);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, standaloneCode(ajv, validate));
    renameSync(tmp, file); // atomic: a process starting at once reads the whole file or none
  } catch {
    // a read-only tree: this process keeps its own compiled validator
  }
  return validate;
}

function load(file: string): ValidateFunction | null {
  let code: string;
  try {
    code = readFileSync(/*turbopackIgnore: true*/ file, 'utf8');
  } catch {
    return null;
  }
  try {
    const module = { exports: {} as unknown };
    new Function('module', 'exports', 'require', code)(module, module.exports, require);
    const validate = (module.exports as { default?: unknown }).default ?? module.exports;
    return typeof validate === 'function' ? (validate as ValidateFunction) : null;
  } catch {
    return null;
  }
}

/** Makes the spec schemas (server/schemas/registry.ts) compile once per machine: the console and `dcf` call it at start. */
export function useCachedSpecValidators(): void {
  useSchemaCompiler(cachedValidator);
}
