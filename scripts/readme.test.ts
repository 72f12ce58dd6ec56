import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_KEYS } from '../server/config.ts';
import { DEMO_USERS } from '../server/auth/demo-users.ts';
import { PROJECT_ROOT } from '../server/testing/test-database.ts';

/** The README's promises, checked: it must stay true as the code changes. */
describe('README', async () => {
  const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');

  it('has a Quick start of exactly two commands, the second of which .ci/run runs', async () => {
    const section = readme.split(/^## Quick start$/m)[1]!.split(/^## /m)[0]!;
    const block = section.match(/```sh\n([\s\S]*?)```/)![1]!;
    const commands = block
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(commands).toEqual(['npm start', 'npm test']);
    const ci = await readFile(path.join(PROJECT_ROOT, '.ci/run'), 'utf8');
    expect(ci.split('\n').map((l) => l.trim())).toContain('npm test');
    const pkg = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.start).toBe('bash scripts/start.sh');
    expect(pkg.scripts.test).toBe('bash scripts/test.sh');
  });

  it('documents every configuration variable in docs/configuration.md, and only those', async () => {
    const section = await readFile(path.join(PROJECT_ROOT, 'docs/configuration.md'), 'utf8');
    const documented = [...section.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...CONFIG_KEYS].sort());
  });

  it('prints the demo credentials the seed really uses', () => {
    for (const u of DEMO_USERS) expect(readme).toContain(`| ${u.email} | ${u.password} |`);
  });
});
