import { fakeTools, STANDARD, workflowFile } from './fake-tools.ts';
import { ok, type Responder } from './script.ts';

/** TEST SUPPORT: the Planner brain's tests' shared request, advisor and catalog (planner-brain*.test.ts). */
export const REQUEST = 'Hi, I need to check the quality of advice calls made by Alex Wong last week. Can you help me analyse them?';
export const ALEX = { advisor_name: 'Alex Wong', start_date: '2024-07-01', end_date: '2024-07-07' };
export const names = (calls: Array<{ name: string }>) => calls.map((c) => c.name);

/** A saved workflow that covers the QA review, and its "all calls" refinement. */
export const covering = [
  {
    workflow_id: '5f0e7d2a-3b9c-4e1f-8a6d-2c4b9e7f1a30',
    version: '1.0.0',
    name: 'Standard Advice Call Analysis (all calls)',
    coverage: 1,
    covered: [],
    missing: [],
    search_score: 1,
    derived_from: `${STANDARD}@1.0.0`,
    reason: 'has 4 of 4 requested',
  },
  {
    workflow_id: STANDARD,
    version: '1.0.0',
    name: 'Standard Advice Call Analysis',
    coverage: 1,
    covered: [],
    missing: [],
    search_score: 0.9,
    derived_from: null,
    reason: 'has 4 of 4 requested',
  },
];
/** A version's lifecycle as get_saved_workflow reports it (issue 28). */
export const PUBLISHED = {
  version_status: 'published',
  saved_at: '2024-07-08T09:15:00.000Z',
  saved_by: 'system',
  published_at: '2024-07-08T09:15:00.000Z',
  published_by: 'dee@bank.test',
};
export const withCatalog = (extra = {}, lifecycle: Record<string, unknown> = PUBLISHED) =>
  fakeTools({
    find_closest_workflow: () => ok({ candidates: covering }),
    get_saved_workflow: (_, a) =>
      ok({ workflow_id: a.workflow_id, version: a.version, document: workflowFile('standard-advice-call-analysis.json'), ...lifecycle }),
    ...extra,
  });

/** Each covering workflow opens as its own file: the standard one and its "all calls" refinement. */
export const COVERING_FILES: Record<string, string> = {
  [STANDARD]: 'standard-advice-call-analysis.json',
  [covering[0]!.workflow_id]: 'standard-advice-call-analysis-all-calls.json',
};
/** The covering catalog with each workflow's own document (no lifecycle fields), and any other tools in `extra`. */
export const withCoveringCatalog = (extra: Partial<Record<string, Responder>> = {}) =>
  fakeTools({
    find_closest_workflow: () => ok({ candidates: covering }),
    get_saved_workflow: (_, a) =>
      ok({ workflow_id: a.workflow_id, version: a.version, document: workflowFile(COVERING_FILES[String(a.workflow_id)]!) }),
    ...extra,
  });
