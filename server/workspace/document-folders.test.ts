import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFolders, resolveDocumentPath } from './document-folders.ts';

// A workspace of its own: skills/ and workflows/ (the folders tools may read), .data/ beside them.
describe('resolveDocumentPath', () => {
  let root: string;
  let folders: ReturnType<typeof documentFolders>;
  const resolve = (ref: string) => resolveDocumentPath(root, folders, ref);
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'dcf-folders-'));
    for (const d of ['skills/nested', 'workflows', '.data', 'elsewhere']) {
      await mkdir(path.join(root, d), { recursive: true });
    }
    await writeFile(path.join(root, 'skills/a.json'), '{}');
    await writeFile(path.join(root, 'skills/with space.json'), '{}');
    await writeFile(path.join(root, 'workflows/w.json'), '{}');
    await writeFile(path.join(root, '.data/session-secret'), 'not-for-you');
    await symlink(path.join(root, '.data/session-secret'), path.join(root, 'skills/secret.json'));
    await symlink(path.join(root, '.data'), path.join(root, 'workflows/data'));
    await symlink(path.join(root, 'skills/a.json'), path.join(root, 'workflows/a-link.json'));
    const [skillsDir, workflowsDir] = [path.join(root, 'skills'), path.join(root, 'workflows')];
    folders = documentFolders({ rootDir: root, skillsDir, workflowsDir });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('resolves relative paths and file:// URIs inside the skills and workflows folders', async () => {
    const a = path.join(root, 'skills/a.json');
    expect(await resolve('skills/a.json')).toEqual({ ok: true, absolute: a, relative: 'skills/a.json' });
    expect(await resolve('file://skills/a.json')).toMatchObject({ ok: true, relative: 'skills/a.json' });
    expect(await resolve(`file://${root}/workflows/w.json`)).toMatchObject({ ok: true, relative: 'workflows/w.json' });
    const spaced = await resolve('file://skills/with%20space.json');
    expect(spaced).toMatchObject({ ok: true, relative: 'skills/with space.json' });
    expect(await resolve('skills/nested')).toMatchObject({ ok: true, relative: 'skills/nested' });
    // A link that stays inside the allowed folders is followed.
    expect(await resolve('workflows/a-link.json')).toMatchObject({ ok: true, absolute: a });
  });

  it('refuses every other file of the workspace, naming the folders it may read', async () => {
    const refs = [
      '.data/session-secret',
      'file://.data/session-secret',
      'package.json',
      'skills/../.data/session-secret',
      '.',
      '/etc/passwd',
      '../x',
    ];
    for (const ref of refs) {
      const reason = `${ref} is outside the folders tools may read (skills/, workflows/)`;
      expect(await resolve(ref), ref).toEqual({ ok: false, code: 'forbidden', reason });
    }
  });

  it('refuses symbolic links out of the folders, to a file or through a folder', async () => {
    for (const ref of ['skills/secret.json', 'workflows/data/session-secret']) {
      const reason = expect.stringContaining('links outside the folders tools may read');
      expect(await resolve(ref), ref).toMatchObject({ ok: false, code: 'forbidden', reason });
    }
  });

  it('reports a missing file as not_found, and refuses empty paths, NUL bytes and broken URIs', async () => {
    const missing = await resolve('skills/none.json');
    expect(missing).toEqual({ ok: false, code: 'not_found', reason: 'no file at skills/none.json' });
    expect(await resolve('  ')).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await resolve('skills/a.json\0')).toMatchObject({ ok: false, code: 'forbidden' });
    const broken = await resolve('file://skills/%E0%A4%A.json');
    const reason = expect.stringContaining('not a valid file URI');
    expect(broken).toMatchObject({ ok: false, code: 'forbidden', reason });
  });
});
