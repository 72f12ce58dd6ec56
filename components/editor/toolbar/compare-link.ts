import { compareHref } from '@/components/workflows/editor-links';
import { compareVersions } from '@/lib/semver';

type Ref = { workflow_id: string; version: string };

/**
 * Where "Compare…" goes from a saved version: the version before it (the highest saved version of
 * the same workflow below it) against it, so the comparison shows what this version changed. A first
 * version is compared with itself, and the comparison page's pickers choose another.
 */
export function compareLink(open: Ref, saved: readonly { workflowId: string; version: string }[]): string {
  const earlier = saved
    .filter((s) => s.workflowId === open.workflow_id && compareVersions(s.version, open.version) < 0)
    .map((s) => s.version)
    .sort(compareVersions)
    .at(-1);
  const right = { workflowId: open.workflow_id, version: open.version };
  return compareHref(earlier ? { workflowId: open.workflow_id, version: earlier } : right, right);
}
