import { z } from 'zod';

/**
 * The run list's shapes, shared by the control plane, execution, the tools, the saved-filter table
 * and the run list page: the statuses a run can have and the list's filter.
 * In lib/ (moved from server/contracts, issue 31): pure zod the page and the saved-filter table both hold, so the
 * database adapter needs no import from contracts, which sit above it.
 */

/** Run statuses, as `dcf run` prints them (issue: SUCCEEDED | FAILED | TIMED_OUT | ABORTED). */
export const RUN_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * The filters of the run list (list_workflow_runs), also what a saved run filter stores — one
 * schema for both, so a saved filter is always a valid list query. Every field is optional; the
 * fields that are given must all match (server/execution/run-list-filter.ts).
 */
export const runListFilterSchema = z.object({
  workflow_id: z.string().min(1).max(200).optional().describe('Only runs of this workflow.'),
  version: z.string().min(1).max(100).optional().describe('Only runs of this workflow version.'),
  status: z.array(z.enum(RUN_STATUSES)).min(1).max(RUN_STATUSES.length).optional().describe('Only runs whose status is one of these.'),
  started_after: z.iso.datetime({ offset: true }).max(64).optional().describe('Only runs started at or after this time (ISO 8601).'),
  started_before: z.iso.datetime({ offset: true }).max(64).optional().describe('Only runs started before this time (ISO 8601).'),
  advisor: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("Case-insensitive substring of the run input's advisor_name (or advisor) field."),
});
export type RunListFilter = z.infer<typeof runListFilterSchema>;

/** The advisor named in a run's input (what the filter's `advisor` matches): its `advisor_name` string field, else its `advisor` one. */
export function advisorOf(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const o = input as Record<string, unknown>;
  if (typeof o.advisor_name === 'string') return o.advisor_name;
  return typeof o.advisor === 'string' ? o.advisor : null;
}
