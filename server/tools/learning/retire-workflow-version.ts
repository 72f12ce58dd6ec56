import { z } from 'zod';
import { retireWorkflowVersion } from '../../workflows/lifecycle.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { mayManageVersions, resolveVersionActor } from './version-access.ts';
import { lifecycleOf, lifecycleOut, versionIn, workflowIdIn } from './version-out.ts';

/**
 * Retires a draft or the published version (issue 28). Retiring the published version leaves the
 * workflow with none: starts by workflow id then fail until another version is published. Workflow
 * designers and admins only (an agent as the user behind it); audited by invokeTool.
 */
export const retireWorkflowVersionTool = defineTool({
  name: 'retire_workflow_version',
  description:
    'Retire a saved workflow version (a draft, or the published one: the workflow then has no version in use and ' +
    'runs by workflow id are refused until another is published). Workflow designers and admins only.',
  readOnly: false,
  input: z.object({ workflow_id: workflowIdIn, version: versionIn }),
  output: z.object({ workflow_id: z.string(), version: z.string(), was_published: z.boolean() }).extend(lifecycleOut.shape),
  async handler(args, { services, actor }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const who = await resolveVersionActor(l.db, actor);
    const refused = mayManageVersions(actor, who, 'retire');
    if (refused) return fail('forbidden', refused.refused);
    const r = await retireWorkflowVersion(l.db, args, who);
    if (!r.ok) {
      return r.reason === 'not_found'
        ? fail('not_found', `no saved workflow ${args.workflow_id}@${args.version}`)
        : fail('conflict', `${args.workflow_id}@${args.version} is already retired`);
    }
    return ok({
      workflow_id: r.row.workflowId,
      version: r.row.version,
      was_published: r.previousStatus === 'published',
      ...lifecycleOf(r.row),
    });
  },
});
