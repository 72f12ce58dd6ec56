import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm test`'s last lines are what CI keeps: the sums, and the name and first error line of each
 * failed test (a CI run once ended "vitest: 6136 passed, 1 failed" with no way to tell which).
 */
const script = path.resolve(import.meta.dirname, 'sum-results.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'sum-results-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(reports: Record<string, unknown>, extra: string[] = []): { code: number; out: string } {
  const args = Object.entries(reports).map(([kind, report]) => {
    const file = path.join(dir, `${kind}.json`);
    writeFileSync(file, JSON.stringify(report));
    return `${kind}:${file}`;
  });
  try {
    return { code: 0, out: execFileSync('node', [script, ...args, ...extra], { cwd: dir, encoding: 'utf8' }) };
  } catch (e) {
    const failure = e as { status: number; stdout: string };
    return { code: failure.status, out: failure.stdout };
  }
}

const vitestReport = (failed: boolean) => ({
  numPassedTests: 2,
  numFailedTests: failed ? 1 : 0,
  testResults: [
    {
      name: path.join(dir, 'lib/a.test.ts'),
      status: failed ? 'failed' : 'passed',
      assertionResults: [
        { fullName: 'a adds', status: 'passed' },
        { fullName: 'a subtracts', status: 'passed' },
        ...(failed
          ? [
              {
                fullName: 'a divides',
                status: 'failed',
                failureMessages: ['\n\u001b[31mAssertionError: expected 2 to be 3\u001b[39m\n    at x'],
              },
            ]
          : []),
      ],
    },
    ...(failed
      ? [{ name: path.join(dir, 'lib/b.test.ts'), status: 'failed', message: 'Cannot find module ./gone', assertionResults: [] }]
      : []),
  ],
});

const playwrightReport = {
  stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 0 },
  errors: [],
  suites: [
    {
      title: 'runs.spec.ts',
      specs: [],
      suites: [
        {
          title: 'list',
          specs: [
            { title: 'shows', file: 'runs.spec.ts', line: 4, tests: [{ status: 'expected', results: [] }] },
            {
              title: 'filters',
              file: 'runs.spec.ts',
              line: 16,
              tests: [
                {
                  status: 'unexpected',
                  results: [{ errors: [{ message: 'Error: expect(locator).toHaveAttribute(expected) failed\n\nLocator: x' }] }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('sum-results', () => {
  it('names each failed test with the first line of its error, and each file that failed to load', () => {
    const { code, out } = run({ vitest: vitestReport(true), playwright: playwrightReport });
    expect(code).toBe(1);
    expect(out).toContain('vitest lib/a.test.ts › a divides\n      AssertionError: expected 2 to be 3');
    expect(out).toContain('vitest lib/b.test.ts\n      Cannot find module ./gone');
    expect(out).toContain('playwright runs.spec.ts:16 › filters\n      Error: expect(locator).toHaveAttribute(expected) failed');
    expect(out).not.toContain('› shows');
    expect(out.trim().split('\n').at(-1)).toBe('3 passed, 3 failed');
  });

  it('lists nothing under "Failed" when all passed, and exits 0', () => {
    const { code, out } = run({ vitest: vitestReport(false) }, ['step:typecheck:0']);
    expect(code).toBe(0);
    expect(out).not.toContain('Failed:');
    expect(out.trim().split('\n').at(-1)).toBe('3 passed, 0 failed');
  });

  it('counts a missing report as a failure', () => {
    const { code, out } = run({}, [`vitest:${path.join(dir, 'absent.json')}`]);
    expect(code).toBe(1);
    expect(out).toContain('no report at');
  });
});
