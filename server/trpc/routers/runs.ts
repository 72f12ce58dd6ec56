import { z } from 'zod';
import { finalizeWorkflowTool } from '../../tools/runtime/finalize-workflow.ts';
import { getWorkflowRunTool } from '../../tools/runtime/get-workflow-run.ts';
import { listWorkflowRunsTool } from '../../tools/runtime/list-workflow-runs.ts';
import { redriveWorkflowRunTool } from '../../tools/runtime/redrive-workflow-run.ts';
import { runId, stateName } from '../../tools/runtime/execution.ts';
import { readWorkflowControlPlaneTool } from '../../tools/runtime/read-workflow-control-plane.ts';
import { startWorkflowRunTool } from '../../tools/runtime/start-workflow-run.ts';
import { ALL_ROLES, RUNNERS, router } from '../init.ts';
import { toolMutation, toolMutationAs, toolQuery } from '../tool-procedure.ts';
import { savedRunFiltersRouter } from './saved-run-filters.ts';

/**
 * Runs: start, list and read (everyone, stakeholders included); stop (finalize_workflow with
 * abort), redrive from the failed states and retry one failed state (redrive_workflow_run) for
 * those who run them; saved list filters (everyone, their own).
 */
export const runsRouter = router({
  start: toolMutation(startWorkflowRunTool, RUNNERS),
  list: toolQuery(listWorkflowRunsTool, ALL_ROLES),
  get: toolQuery(getWorkflowRunTool, ALL_ROLES),
  controlPlane: toolQuery(readWorkflowControlPlaneTool, ALL_ROLES),
  finalize: toolMutation(finalizeWorkflowTool, RUNNERS),
  redrive: toolMutation(redriveWorkflowRunTool, RUNNERS),
  retryState: toolMutationAs(redriveWorkflowRunTool, RUNNERS, z.object({ run_id: runId, state: stateName }), (i) => ({
    run_id: i.run_id,
    states: [i.state],
  })),
  savedFilters: savedRunFiltersRouter,
});
