#!/usr/bin/env node
/**
 * Sums every suite of `npm test` into the one line CI reads: `N passed, N failed`.
 * Arguments are `kind:path` pairs: `vitest:<json>` (vitest's json reporter), `playwright:<json>`
 * (Playwright's json reporter), `step:<name>:<exit code>` (a check that is one test, e.g. tsc),
 * `time:<step>:<seconds>` (a step's wall time, listed under "Step durations", counted as no test),
 * `time:<step>:<seconds>:<parent>` (a step run side by side with others inside <parent>: listed under
 * it, not added to the total, which is the sum of the top-level steps' wall times).
 * A suite whose report is missing or unreadable counts as one failure: a crash must not pass.
 * Skipped tests count as failures too: the project does not skip tests to get green.
 */
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const lines = [];
const durations = [];

for (const arg of process.argv.slice(2)) {
  const [kind, ...rest] = arg.split(':');
  if (kind === 'time') {
    durations.push([rest[0], Number(rest[1]), rest[2]]);
    continue;
  }
  if (kind === 'step') {
    const [name, code] = rest;
    code === '0' ? passed++ : failed++;
    lines.push(`${name}: ${code === '0' ? 'passed' : `FAILED (exit ${code})`}`);
    continue;
  }
  const file = rest.join(':');
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    failed++;
    lines.push(`${kind}: no report at ${file} (the suite crashed) — counted as 1 failed`);
    continue;
  }
  if (kind === 'vitest') {
    const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    const suiteErrors = (report.testResults ?? []).filter((r) => r.status === 'failed' && (r.assertionResults ?? []).length === 0).length;
    passed += report.numPassedTests;
    failed += report.numFailedTests + skipped + suiteErrors;
    lines.push(
      `vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped, ${suiteErrors} files failed to load`,
    );
  } else if (kind === 'playwright') {
    const s = report.stats ?? {};
    const errors = (report.errors ?? []).length;
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += (s.unexpected ?? 0) + (s.skipped ?? 0) + errors;
    lines.push(
      `playwright: ${s.expected ?? 0} passed, ${s.unexpected ?? 0} failed, ${s.flaky ?? 0} flaky, ${s.skipped ?? 0} skipped, ${errors} global errors`,
    );
  } else {
    failed++;
    lines.push(`unknown suite kind ${kind}`);
  }
}

const clock = (s) => `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
if (durations.length > 0) {
  console.log('\nStep durations:');
  for (const [name, s, parent] of durations) {
    if (parent) continue;
    console.log(`  ${name.padEnd(12)} ${clock(s)}`);
    for (const [inner, t] of durations.filter((d) => d[2] === name)) console.log(`    ${inner.padEnd(10)} ${clock(t)}`);
  }
  const top = durations.filter(([, , parent]) => !parent);
  console.log(`  ${'total'.padEnd(12)} ${clock(top.reduce((t, [, s]) => t + s, 0))}`);
}

console.log('\nSuites:');
for (const l of lines) console.log(`  ${l}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
