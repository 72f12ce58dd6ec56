import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order vitest starts test files in: the longest first, so the suite does not end waiting for one
 * long file that started last (longest-processing-time-first). On two cores with three workers, the
 * `dcf` process tests (cli/*.int.test.ts, 3–5 minutes each) started at minute 8–12 of an 18-minute
 * vitest step when files ran in vitest's default order (projects by name, then larger files first).
 *
 * A project's files stay together, as in vitest's own order: a project that shares its workers' module
 * graphs (isolate: false) pays for its imports again in each worker that switches to another project.
 * Projects start in the order of their longest file (int-services with the `dcf` tests first, the
 * unit projects last), and within a project the longest file starts first.
 *
 * A file's expected time is, in order: its duration in vitest's own results cache (a developer's
 * tree), its figure in slow-files.json (a fresh clone, as in CI; written by `node
 * scripts/vitest/durations.mjs`), or an estimate from its size. Order only decides when a file starts,
 * never what it checks.
 */
const SLOW_FILES: Record<string, number> = JSON.parse(readFileSync(path.join(import.meta.dirname, 'slow-files.json'), 'utf8'));
/** Seconds per byte of a test file with no recorded duration: a 10 KB integration file takes about 10 s. */
const INTEGRATION_S_PER_BYTE = 1 / 1000;
const UNIT_S_PER_BYTE = 1 / 10_000;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(files.map((f) => [f, this.expectedSeconds(f)]));
    const longestOf = new Map<string, number>();
    for (const [f, s] of expected) longestOf.set(f.project.name, Math.max(longestOf.get(f.project.name) ?? 0, s));
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        longestOf.get(b.project.name)! - longestOf.get(a.project.name)! ||
        a.project.name.localeCompare(b.project.name) ||
        expected.get(b)! - expected.get(a)!,
    );
  }

  private expectedSeconds(file: TestSpecification): number {
    const relativePath = path.relative(this.ctx.config.root, file.moduleId);
    const key = `${file.project.name}:${relativePath}`;
    const cached = this.ctx.cache.getFileTestResults(key);
    if (cached) return cached.duration / 1000;
    const hinted = SLOW_FILES[relativePath];
    if (hinted !== undefined) return hinted;
    const size = this.ctx.cache.getFileStats(key)?.size ?? 0;
    return size * (file.project.name.startsWith('unit') ? UNIT_S_PER_BYTE : INTEGRATION_S_PER_BYTE);
  }
}
