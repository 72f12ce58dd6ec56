import { ukDateTime } from '@/lib/uk-time';
import type { Tone } from '@/components/ui/badge';

/**
 * A saved version's lifecycle as the console shows it (issue 28): draft, published (the version in
 * use) or retired, and when and by whom it was saved, published and retired. Times are UK time
 * (en-GB, Europe/London) — the one clock of the Workflows pages, which say so.
 */
export type VersionStatus = 'draft' | 'published' | 'retired';
export type VersionLifecycleRow = {
  status: VersionStatus;
  savedAt: string;
  savedByLabel: string;
  publishedAt: string | null;
  publishedByLabel: string | null;
  retiredAt: string | null;
  retiredByLabel: string | null;
  supersededBy: string | null;
};

export const STATUS_LABEL: Record<VersionStatus, string> = {
  draft: 'Draft',
  published: 'Published · in use',
  retired: 'Retired',
};
export const STATUS_TONE: Record<VersionStatus, Tone> = { draft: 'warn', published: 'ok', retired: 'neutral' };
export const STATUS_HELP: Record<VersionStatus, string> = {
  draft: 'Not in use: runs by workflow id, the Planner and schedules ignore it until it is published. ' + 'It may be test-run.',
  published: 'The version in use: runs by workflow id, the Planner, schedules and backfills run this one.',
  retired: 'No longer in use. It may be published again, or test-run.',
};

/** The lines under a version: saved always; published and retired when they happened. */
export function lifecycleLines(v: VersionLifecycleRow): string[] {
  const lines = [`Saved ${ukDateTime(v.savedAt)} by ${v.savedByLabel}`];
  if (v.publishedAt) lines.push(`Published ${ukDateTime(v.publishedAt)} by ${v.publishedByLabel ?? 'unknown'}`);
  if (v.retiredAt) {
    lines.push(
      `Retired ${ukDateTime(v.retiredAt)} by ${v.retiredByLabel ?? 'unknown'}` +
        (v.supersededBy ? ` (superseded by v${v.supersededBy})` : ''),
    );
  }
  return lines;
}

/** What a test-run badge says on hover (run list, run view). */
export const TEST_RUN_HELP = 'A test run: its QA results are kept out of the review queue and the dashboard';

/** The one clock of a page that shows lifecycles. */
export const CLOCK_NOTE = 'Times are UK time (Europe/London).';
