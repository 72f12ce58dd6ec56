import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root.ts';
import { cachedValidator } from './validators.ts';

const DIR = path.join(projectRoot(import.meta.url), 'node_modules', '.cache', 'dcf', 'validators');
const NAME = `test-${process.pid}`;
const OPTIONS = { allErrors: true, strict: false, validateFormats: false };
const schema = (max: number) => ({
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', maxLength: max }, tags: { type: 'array', items: { type: 'string' } } },
});

describe('cachedValidator', () => {
  afterAll(async () => {
    for (const f of await readdir(DIR)) if (f.startsWith(NAME)) await rm(path.join(DIR, f));
  });

  it('the validator loaded from the cache answers as the compiled one, errors included', async () => {
    const compiled = cachedValidator(NAME, schema(3), OPTIONS);
    const files = (await readdir(DIR)).filter((f) => f.startsWith(NAME));
    expect(files).toHaveLength(1);
    const loaded = cachedValidator(NAME, schema(3), OPTIONS);
    expect(loaded).not.toBe(compiled);
    for (const doc of [{ name: 'abc' }, { name: 'abcd', tags: [1] }, {}, 'x']) {
      expect(loaded(doc)).toBe(compiled(doc));
      expect(loaded.errors ?? null).toEqual(compiled.errors ?? null);
    }
    expect(loaded({ name: 'abcd', tags: [1] })).toBe(false);
    expect(loaded.errors?.map((e) => e.instancePath).sort()).toEqual(['/name', '/tags/0']);
  });

  it('a changed schema is compiled again, not served from the old file', async () => {
    const wider = cachedValidator(NAME, schema(10), OPTIONS);
    expect(wider({ name: 'abcd' })).toBe(true);
    expect((await readdir(DIR)).filter((f) => f.startsWith(NAME))).toHaveLength(2);
  });
});
