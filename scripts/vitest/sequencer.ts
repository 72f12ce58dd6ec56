import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order vitest starts test files in: the longest first, so the suite does not end waiting for one
 * long file that started last (longest-processing-time-first). On two cores with three workers, the
 * `dcf` process tests (cli/*.int.test.ts, 3–5 minutes each) started at minute 8–12 of an 18-minute
 * vitest step when files ran in vitest's default order (projects by name, then larger files first).
 *
 * A file's expected time is, in order: its duration in vitest's own results cache (a developer's
 * tree), its figure in slow-files.json (a fresh clone, as in CI; written by `node
 * scripts/vitest/durations.mjs`), or an estimate from its size. The unit projects still start after
 * the integration ones: they share module graphs within their workers (isolate: false) and fill the
 * gaps at the end. Order only decides when a file starts, never what it checks.
 */
const SLOW_FILES: Record<string, number> = JSON.parse(readFileSync(path.join(import.meta.dirname, 'slow-files.json'), 'utf8'));
/** Seconds per byte of a test file with no recorded duration: a 10 KB integration file takes about 10 s. */
const INTEGRATION_S_PER_BYTE = 1 / 1000;
const UNIT_S_PER_BYTE = 1 / 10_000;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(files.map((f) => [f, this.expectedSeconds(f)]));
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        Number(isUnit(a)) - Number(isUnit(b)) ||
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
    return size * (isUnit(file) ? UNIT_S_PER_BYTE : INTEGRATION_S_PER_BYTE);
  }
}

const isUnit = (file: TestSpecification) => file.project.name.startsWith('unit');
