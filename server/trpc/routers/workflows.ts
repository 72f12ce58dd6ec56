import { z } from 'zod';
import { validateWorkflowTool } from '../../tools/workflows/validate-workflow.ts';
import { compileWorkflowDocument } from '../../workflows/validate-document.ts';
import { listWorkflowFiles } from '../../workflows/examples.ts';
import { ALL_ROLES, procedure, router } from '../init.ts';
import { toolQuery } from '../tool-procedure.ts';

/** The Workflows page: examples, validation with pinned errors, and the compiled control-plane preview. */
export const workflowsRouter = router({
  validate: toolQuery(validateWorkflowTool, ALL_ROLES),

  examples: procedure.meta({ access: ALL_ROLES }).query(({ ctx }) => listWorkflowFiles(ctx.services.config.workflowsDir)),

  compile: procedure
    .meta({ access: ALL_ROLES })
    .input(z.object({ workflow: z.unknown() }))
    .query(({ ctx, input }) =>
      compileWorkflowDocument(input.workflow, { rootDir: ctx.services.config.rootDir, skillsDir: ctx.services.config.skillsDir }),
    ),
});
