import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { loadConfig } from '../config.ts';
import { invokeTool } from './invoke.ts';
import { findTool } from './registry.ts';

/**
 * Issue 14 item 4, the probe: `workflows.validate {path: ".data/session-secret"}` answered with
 * the secret's first characters in the JSON parse error. Here the workspace is a scratch one with
 * its own `.data/session-secret`; no tool that takes a path or an import may let any of it out.
 */
const SECRET = 'S3CRET-session-signing-key-0123456789abcdef';

describe('tools read documents only from the skills and workflows folders, and never quote them', () => {
  let root: string;
  const call = (tool: string, input: unknown) => {
    const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40) }, root);
    return invokeTool(findTool(tool)!, input, { actor: systemActor('test'), services: { config } });
  };
  const leaks = (r: unknown) => /S3CRET|0123456789/.test(JSON.stringify(r));
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'dcf-probe-'));
    for (const d of ['skills', 'workflows', '.data']) await mkdir(path.join(root, d));
    await writeFile(path.join(root, '.data/session-secret'), SECRET);
    await writeFile(path.join(root, '.data/secret.json'), JSON.stringify({ skillName: SECRET }));
    await writeFile(path.join(root, 'workflows/broken.json'), SECRET);
    await symlink(path.join(root, '.data/session-secret'), path.join(root, 'skills/innocent.json'));
    await symlink(path.join(root, '.data'), path.join(root, 'skills/data'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('refuses a path outside the folders as forbidden, naming the folders, for each document tool', async () => {
    for (const [tool, extra] of [
      ['validate_workflow', {}],
      ['validate_skill_manifest', {}],
    ] as const) {
      const secret = '.data/session-secret';
      const paths = [secret, `file://${secret}`, `${root}/${secret}`, `skills/../${secret}`];
      for (const p of paths) {
        const r = await call(tool, { path: p, ...extra });
        const error = `${p} is outside the folders tools may read (skills/, workflows/)`;
        expect(r, `${tool} ${p}`).toEqual({ status: 'error', error_code: 'forbidden', error });
      }
    }
    const forbidden = { status: 'error', error_code: 'forbidden' };
    expect(await call('get_skillset', { skills_dir: '.data' })).toMatchObject(forbidden);
  });

  it('refuses symbolic links out of the folders', async () => {
    const r = await call('validate_skill_manifest', { path: 'skills/innocent.json' });
    const forbidden = { status: 'error', error_code: 'forbidden' };
    expect(r).toMatchObject({ ...forbidden, error: expect.stringContaining('links outside') });
    expect(await call('get_skillset', { skills_dir: 'skills/data' })).toMatchObject(forbidden);
    expect(leaks(r)).toBe(false);
  });

  it('reports a file that is not JSON by line and column, never by its text', async () => {
    const r = await call('validate_workflow', { path: 'workflows/broken.json' });
    expect(r).toMatchObject({
      status: 'error',
      error_code: 'parse_error',
      error: 'workflows/broken.json is not valid JSON: unexpected character at line 1, column 1',
    });
    expect(leaks(r)).toBe(false);
    const inline = await call('validate_workflow', { workflow: SECRET });
    expect(inline).toMatchObject({ status: 'error', error_code: 'parse_error' });
    expect(leaks(inline)).toBe(false);
    const listed = await call('get_skillset', { skills_dir: 'workflows' });
    expect(listed).toMatchObject({ status: 'ok', unreadable: [{ file: 'broken.json' }] });
    expect(leaks(listed)).toBe(false);
  });

  it('resolves skill_imports only in the skills folder, and never quotes what it read', async () => {
    const files = ['.data/session-secret', '.data/secret.json', 'skills/innocent.json', 'workflows/broken.json'];
    const uris = files.map((p) => `file://${p}`);
    const skill_imports = uris.map((uri) => ({ uri }));
    const workflow = { workflow_schema_version: '2.2.0', skill_imports, asl: { StartAt: 'A', States: {} } };
    const r = await call('validate_workflow', { workflow });
    expect(r).toMatchObject({ status: 'ok', valid: false });
    const errors = (r as unknown as { errors: Array<{ path: string; message: string }> }).errors;
    const imports = errors.filter((e) => e.path.startsWith('/skill_imports'));
    expect(imports.map((e) => e.path)).toEqual(uris.map((_, i) => `/skill_imports/${i}/uri`));
    expect(imports[0]!.message).toContain('outside the folders tools may read (skills/)');
    expect(imports[2]!.message).toContain('links outside the folders tools may read (skills/)');
    expect(leaks(r)).toBe(false);
  });
});
