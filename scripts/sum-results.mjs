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
 * Each failed test is named, with the first line of its error, just above the sums: CI keeps only
 * the tail of the output, and a failure it cannot name cannot be fixed.
 */
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const lines = [];
const durations = [];
/** `[suite, where, first line of the error]` of each failed test or file. */
const failures = [];

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
    failures.push(...vitestFailures(report));
    lines.push(
      `vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped, ${suiteErrors} files failed to load`,
    );
  } else if (kind === 'playwright') {
    const s = report.stats ?? {};
    const errors = (report.errors ?? []).length;
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += (s.unexpected ?? 0) + (s.skipped ?? 0) + errors;
    failures.push(...playwrightFailures(report));
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

const SHOWN_FAILURES = 30;
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const [suite, where, message] of failures.slice(0, SHOWN_FAILURES)) console.log(`  ${suite} ${where}\n      ${message}`);
  if (failures.length > SHOWN_FAILURES) console.log(`  … and ${failures.length - SHOWN_FAILURES} more`);
}

console.log('\nSuites:');
for (const l of lines) console.log(`  ${l}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

/** The first non-empty line of an error, without colour codes, at most 300 characters. */
function firstLine(text) {
  const line = String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  return (line ?? '(no message)').slice(0, 300);
}

/** Failed tests of vitest's json report, and files that failed to load (no test ran in them). */
function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const where = relative(file.name ?? '?');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) out.push(['vitest', `${where} › ${t.fullName ?? t.title}`, firstLine(t.failureMessages?.[0])]);
    if (file.status === 'failed' && failedTests.length === 0) out.push(['vitest', where, firstLine(file.message)]);
  }
  return out;
}

/** Tests of Playwright's json report whose outcome was unexpected, and its global errors. */
function playwrightFailures(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const error = (t.results ?? []).flatMap((r) => r.errors ?? [])[0];
        out.push(['playwright', `${spec.file}:${spec.line} › ${spec.title}`, firstLine(error?.message)]);
      }
    }
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const e of report.errors ?? []) out.push(['playwright', '(global)', firstLine(e.message)]);
  return out;
}

function relative(path) {
  const cwd = `${process.cwd()}/`;
  return path.startsWith(cwd) ? path.slice(cwd.length) : path;
}
