import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../audit/log.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { digestArgs } from '../audit/digest.ts';
import { testConfig } from '../testing/test-config.ts';
import { PROJECT_ROOT } from '../testing/test-database.ts';
import { INPUT_LIMITS, inputShapeProblem } from './input-shape.ts';
import { invokeTool } from './invoke.ts';
import { findTool } from './registry.ts';

/** `[[[…]]]` nested `depth` deep, built without recursion (as JSON.parse builds it). */
const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));
const ctx = { actor: systemActor('test'), services: { config: testConfig() } };

describe('inputShapeProblem', () => {
  it('counts one level per object or array, and accepts exactly the limit', () => {
    expect(inputShapeProblem({ a: [1, { b: 'x' }] })).toBeNull();
    expect(inputShapeProblem(nested(INPUT_LIMITS.maxDepth))).toBeNull();
    expect(inputShapeProblem({ input: nested(INPUT_LIMITS.maxDepth - 1) })).toBeNull();
    const over = inputShapeProblem({ input: nested(INPUT_LIMITS.maxDepth) });
    expect(over).toMatchObject({ code: 'input.too_deep', limit: 64 });
  });

  it('measures 100 000 nested arrays and a cyclic object without overflowing its own stack', () => {
    expect(inputShapeProblem({ input: nested(100_000) })).toMatchObject({ code: 'input.too_deep' });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(inputShapeProblem(cyclic)).toMatchObject({ code: 'input.too_deep' });
  });

  it('bounds the number of values', () => {
    const limits = { maxDepth: 64, maxValues: 10 };
    expect(inputShapeProblem(new Array(10).fill(0), limits)).toMatchObject({ code: 'input.too_large', limit: 10 });
    expect(inputShapeProblem(new Array(9).fill(0), limits)).toBeNull();
  });

  it('leaves every shipped workflow and example document well within the depth limit', async () => {
    const dirs = ['workflows', 'skills', 'schemas/examples/spec'];
    for (const dir of dirs) {
      for (const file of (await readdir(path.join(PROJECT_ROOT, dir))).filter((f) => f.endsWith('.json'))) {
        const doc: unknown = JSON.parse(await readFile(path.join(PROJECT_ROOT, dir, file), 'utf8'));
        expect(inputShapeProblem({ workflow: doc }, { maxDepth: 24, maxValues: 1e6 }), `${dir}/${file}`).toBeNull();
      }
    }
  });
});

describe('the tool layer refuses over-deep arguments before validating them (issue 14 item 7)', () => {
  it('answers runs.start with 100 000 nested arrays as invalid_input with the limit, and audits it', async () => {
    const entries: AuditEntry[] = [];
    const audit = { record: async (e: AuditEntry) => void entries.push(e) };
    const args = { workflow: {}, input: nested(100_000) };
    const r = await invokeTool(findTool('start_workflow_run')!, args, ctx, { audit });
    expect(r).toEqual({
      status: 'error',
      error_code: 'invalid_input',
      error: 'invalid arguments for start_workflow_run: the arguments nest deeper than 64 levels of objects and arrays',
      details: {
        issues: [{ path: '', code: 'input.too_deep', message: expect.stringContaining('deeper than 64 levels') }],
        limit: 64,
      },
    });
    const detail = { error_code: 'invalid_input' };
    expect(entries).toMatchObject([{ action: 'start_workflow_run', status: 'error', detail }]);
    expect(() => digestArgs(entries[0]!.args)).not.toThrow();
  });

  it('refuses the same for a read-only tool, inline or nested in a document', async () => {
    const r = await invokeTool(findTool('validate_workflow')!, { workflow: { asl: nested(100_000) } }, ctx);
    expect(r).toMatchObject({ status: 'error', error_code: 'invalid_input', details: { limit: 64 } });
  });

  it('still digests arguments too deep to serialise, for transports that audit them themselves', () => {
    expect(digestArgs({ input: nested(100_000) })).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

describe('a NUL byte in any string is invalid input (issue 29)', () => {
  it('finds it in a value or a key at any depth and names its JSON pointer', () => {
    expect(inputShapeProblem({ a: ['ok', { 'b/c': 'x\u0000y' }] })).toMatchObject({ code: 'input.nul_byte', path: '/a/1/b~1c' });
    expect(inputShapeProblem({ a: { 'k\u0000': 1 } })).toMatchObject({ code: 'input.nul_byte', path: '/a/k\\u0000' });
    expect(inputShapeProblem('\u0000')).toMatchObject({ code: 'input.nul_byte', path: '' });
    expect(inputShapeProblem({ a: 'no nul here \u0001' })).toBeNull();
  });

  it('answers the call as invalid_input before the handler runs, and audits a NUL-free record of it', async () => {
    const entries: AuditEntry[] = [];
    const audit = { record: async (e: AuditEntry) => void entries.push(e) };
    const r = await invokeTool(findTool('store_memory')!, { kind: 'insight', text: 'a\u0000b' }, ctx, { audit });
    expect(r).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
      details: { issues: [{ path: '/text', code: 'input.nul_byte' }] },
    });
    expect(JSON.stringify(entries)).not.toContain('\\u0000');
    expect(entries).toMatchObject([{ action: 'store_memory', status: 'error', detail: { error_code: 'invalid_input' } }]);
  });
});
