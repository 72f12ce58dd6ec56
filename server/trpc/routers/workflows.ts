import { z } from 'zod';
import { saveWorkflowTool } from '../../tools/learning/save-workflow.ts';
import { publishWorkflowVersionTool } from '../../tools/learning/publish-workflow-version.ts';
import { retireWorkflowVersionTool } from '../../tools/learning/retire-workflow-version.ts';
import { validateWorkflowTool } from '../../tools/workflows/validate-workflow.ts';
import { testWorkflowStateTool } from '../../tools/workflows/test-workflow-state.ts';
import { getLastStateInputTool } from '../../tools/workflows/last-state-input.ts';
import { compileWorkflowDocument } from '../../workflows/validate-document.ts';
import { listWorkflowFiles } from '../../workflows/examples.ts';
import { ALL_ROLES, EDITORS, procedure, router } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';
import { workflowDraftsRouter } from './workflow-drafts.ts';

/** The Workflows page and the editor: examples, validation with pinned errors, the compiled control-plane preview, saving versions and drafts. */
export const workflowsRouter = router({
  validate: toolQuery(validateWorkflowTool, ALL_ROLES),

  examples: procedure.meta({ access: ALL_ROLES }).query(({ ctx }) => listWorkflowFiles(ctx.services.config.workflowsDir)),

  compile: procedure
    .meta({ access: ALL_ROLES })
    .input(z.object({ workflow: z.unknown() }))
    .query(({ ctx, input }) =>
      compileWorkflowDocument(input.workflow, { rootDir: ctx.services.config.rootDir, skillsDir: ctx.services.config.skillsDir }),
    ),

  /** Saves a valid version (save_workflow: never overwrites; `parent` records VERSION_OF / REFINEMENT_OF). */
  save: toolMutation(saveWorkflowTool, EDITORS),
  /** Issue 28: make a saved version the one in use (retiring the one before); four eyes when configured. */
  publish: toolMutation(publishWorkflowVersionTool, EDITORS, { forbiddenAsAccess: true }),
  /** Issue 28: retire a draft or the published version (the workflow then has none in use). */
  retire: toolMutation(retireWorkflowVersionTool, EDITORS, { forbiddenAsAccess: true }),

  /** Issue 34: "Test state…" in the editor's inspector — one state on a typed input, a Task's skill called for real, no run. */
  testState: toolMutation(testWorkflowStateTool, EDITORS),
  /** Test state's input prefilled from the newest run of the workflow that reached the state. */
  lastStateInput: toolQuery(getLastStateInputTool, EDITORS),

  drafts: workflowDraftsRouter,
});
