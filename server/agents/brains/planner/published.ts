import { ukDateTime } from '../../../../lib/uk-time.ts';
import { isRecord } from '../../../../lib/is-record.ts';

/**
 * What the Planner says about the version it runs (issue 28): only a published version runs by
 * default, and the user is told which one ("v1.0.0, published 8 Jul 2024, 10:15 by …"); a version
 * that is not published is not run — the Planner says so and how to publish it; a version the
 * Planner has just built (a draft) runs only as a test run, and the report says so. Times are UK
 * time (Europe/London), as everywhere in the console.
 */
export interface SavedLifecycle {
  version_status: 'draft' | 'published' | 'retired';
  saved_at: string | null;
  saved_by: string | null;
  published_at: string | null;
  published_by: string | null;
}

/** The lifecycle fields of a get_saved_workflow result, or null when it carries none. */
export function savedLifecycle(r: Record<string, unknown> | null | undefined): SavedLifecycle | null {
  if (!isRecord(r)) return null;
  const st = r.version_status;
  if (st !== 'draft' && st !== 'published' && st !== 'retired') return null;
  const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : null);
  return {
    version_status: st,
    saved_at: str('saved_at'),
    saved_by: str('saved_by'),
    published_at: str('published_at'),
    published_by: str('published_by'),
  };
}

interface Named {
  name: string;
  version: string;
}

export function publishedLine(t: Named, l: SavedLifecycle): string {
  return (
    `I ran «${t.name}» v${t.version}, the published version (published ${ukDateTime(l.published_at)} UK time ` +
    `by ${l.published_by ?? 'unknown'}).`
  );
}

/** The answer when the version found is not published: [message, reasoning]. */
export function notPublished(t: Named, l: SavedLifecycle): [string, string] {
  const what = l.version_status === 'draft' ? 'a draft' : 'retired';
  return [
    `«${t.name}» has no published version I can run: v${t.version} is ${what} ` +
      `(saved ${ukDateTime(l.saved_at)} UK time by ${l.saved_by ?? 'unknown'}), so I have not run it. ` +
      'A workflow designer or admin can publish it in the editor (Workflows → the workflow → Versions), ' +
      'or test-run it there; once it is published, ask me again.',
    `Issue 28: only published versions run by default; v${t.version} is ${l.version_status}. Do not run it.`,
  ];
}

export function testRunLine(t: Named, version: string): string {
  return (
    `**Test run**: «${t.name}» v${version} is a draft I saved, not yet published, so I ran it as a test run — ` +
    'its QA result is kept out of the QA review queue and the dashboard. ' +
    'A workflow designer or admin must review and publish it (Workflows → editor → Versions) ' +
    'before it is used for QA.'
  );
}
