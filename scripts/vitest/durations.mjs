#!/usr/bin/env node
// `node scripts/vitest/durations.mjs [vitest.json]`: rewrites scripts/vitest/slow-files.json, the
// sequencer's hints (scripts/vitest/sequencer.ts), from the JSON report of a whole `npm test` run
// (.test-data/results/vitest.json by default). A file is listed when it took at least MIN_S seconds
// in any tier; its figure is the longest of its tiers, in whole seconds. Hints only order the files:
// a stale one costs time, never a result.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MIN_S = 10;
const root = path.resolve(import.meta.dirname, '../..');
const reportPath = path.resolve(process.argv[2] ?? path.join(root, '.test-data/results/vitest.json'));
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
// Paths relative to the tree that wrote the report (a fresh clone's, say), which holds it in .test-data/results.
const reportRoot = path.resolve(path.dirname(reportPath), '../..');
const seconds = {};
for (const f of report.testResults) {
  const file = path.relative(reportRoot, f.name);
  const s = Math.round((f.endTime - f.startTime) / 1000);
  if (s >= MIN_S) seconds[file] = Math.max(seconds[file] ?? 0, s);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
writeFileSync(path.join(root, 'scripts/vitest/slow-files.json'), JSON.stringify(sorted, null, 2) + '\n');
console.log(`${Object.keys(sorted).length} files of ${MIN_S} s or more → scripts/vitest/slow-files.json`);
