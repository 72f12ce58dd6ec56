import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { PROJECT_ROOT } from '../server/testing/test-database.ts';

/** `console_bind_args` of scripts/lib.sh with DCF_DEMO_USERS set to `value` (undefined: unset). */
function bindArgs(value: string | undefined): string {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', NODE_ENV: 'test' };
  if (value !== undefined) env.DCF_DEMO_USERS = value;
  const script = 'source scripts/lib.sh; console_bind_args';
  return execFileSync('bash', ['-c', script], { cwd: PROJECT_ROOT, env, encoding: 'utf8' }).trim();
}

describe('npm start binds the console to 127.0.0.1 whenever demo users are seeded (issue 14 item 9)', () => {
  it('decides as the configuration does: demo users on ⇔ -H 127.0.0.1', () => {
    for (const value of ['true', '1', 'yes', 'false', '0', 'no', '', undefined]) {
      const seeded = loadConfig(value === undefined ? {} : { DCF_DEMO_USERS: value }, PROJECT_ROOT).demoUsers;
      expect(bindArgs(value), String(value)).toBe(seeded ? '-H 127.0.0.1' : '');
    }
  });

  it('start.sh passes them to next start and says why', async () => {
    const script = await readFile(path.join(PROJECT_ROOT, 'scripts/start.sh'), 'utf8');
    expect(script).toContain('read -r -a BIND <<< "$(console_bind_args)"');
    expect(script).toContain('start_next -p "$PORT" ${BIND[@]+"${BIND[@]}"}');
    expect(script).toMatch(/note: demo users are seeded .* listens on 127\.0\.0\.1 only/);
  });
});
