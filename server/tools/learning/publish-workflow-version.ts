import { z } from 'zod';
import { publishWorkflowVersion } from '../../workflows/lifecycle.ts';
import { getWorkflowVersion } from '../../workflows/store.ts';
import { defineTool } from '../define-tool.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { learning } from '../../learning/services.ts';
import { fourEyesRefusal, mayManageVersions, resolveVersionActor } from './version-access.ts';
import { lifecycleOf, lifecycleOut, versionIn, workflowIdIn } from './version-out.ts';

/**
 * Publishes a saved workflow version (issue 28): it becomes the workflow's one version in use —
 * what the Planner, schedules, `dcf backfill` and every start by workflow id run — and the version
 * published before it is retired, superseded by it. Workflow designers and admins only (an agent as
 * the user behind it); with DCF_PUBLISH_FOUR_EYES, not by the person who saved it. Every call,
 * refused or not, is audited by invokeTool.
 */
export const publishWorkflowVersionTool = defineTool({
  name: 'publish_workflow_version',
  description:
    'Publish a saved workflow version: it becomes the version in use of its workflow (runs started by workflow id, ' +
    'the Planner, schedules and backfills use it) and the previously published version is retired. Workflow ' +
    'designers and admins only; with four eyes on (DCF_PUBLISH_FOUR_EYES) the publisher must not be who saved it.',
  readOnly: false,
  input: z.object({ workflow_id: workflowIdIn, version: versionIn }),
  output: z.object({ workflow_id: z.string(), version: z.string(), retired_version: z.string().nullable() }).extend(lifecycleOut.shape),
  async handler(args, { services, actor }) {
    const l = await learning(services);
    if (isFailure(l)) return l;
    const who = await resolveVersionActor(l.db, actor);
    const refused = mayManageVersions(actor, who, 'publish');
    if (refused) return fail('forbidden', refused.refused);
    const row = await getWorkflowVersion(l.db, args.workflow_id, args.version);
    if (!row) return fail('not_found', `no saved workflow ${args.workflow_id}@${args.version}`);
    const fourEyes = services.config.publishFourEyes ? fourEyesRefusal(row, who) : null;
    if (fourEyes) return fail('forbidden', fourEyes.refused, { rule: 'four_eyes', saved_by: row.savedByLabel });
    const r = await publishWorkflowVersion(l.db, args, who);
    if (!r.ok) {
      return r.reason === 'not_found'
        ? fail('not_found', `no saved workflow ${args.workflow_id}@${args.version}`)
        : fail('conflict', `${args.workflow_id}@${args.version} is already the published version`);
    }
    return ok({
      workflow_id: r.row.workflowId,
      version: r.row.version,
      retired_version: r.retired?.version ?? null,
      ...lifecycleOf(r.row),
    });
  },
});
