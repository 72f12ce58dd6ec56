import type { z } from 'zod';
import { WORKFLOW_EDITORS } from '../../../lib/roles.ts';
import type { ToolResult } from '../../tool-result.ts';
import { logger } from '../../log.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { getSkillsetTool } from '../../tools/skills/get-skillset.ts';
import { validateSkillManifestTool } from '../../tools/skills/validate-skill-manifest.ts';
import { setDemoFaultsTool } from '../../tools/skills/set-demo-faults.ts';
import { ADMIN, ALL_ROLES, actorOf, procedure, router } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';

/**
 * The test-only skills (skills/builtin.*.json: echo, fail, sleep) check a workflow's wiring; they
 * are for the people who build and test workflows (WORKFLOW_EDITORS). Everyone else's catalog
 * leaves them out, here on the server — agents and tools (get_skillset itself) still see them.
 */
const isTestOnly = (skillName: string) => skillName.startsWith('builtin.');
const isTestOnlyUri = (uri: string | null) => !!uri && isTestOnly(uri.replace(/^skill:\/\//, ''));

type Skillset = ToolResult<z.output<typeof getSkillsetTool.output>>;

function withoutTestOnly(result: Skillset): Skillset {
  if (result.status !== 'ok') return result;
  const skills = result.skills.filter((s) => !isTestOnly(s.skillName));
  return { ...result, count: skills.length, skills, invalid: result.invalid.filter((i) => !isTestOnlyUri(i.uri)) };
}

/** get_skillset for the skill catalog page, as the caller's role may see it. */
const list = procedure
  .meta({ access: ALL_ROLES })
  .input(getSkillsetTool.input)
  .query(async ({ ctx, input }) => {
    const result = await invokeTool(
      getSkillsetTool,
      input,
      { actor: actorOf(ctx.user), services: ctx.services },
      {
        onInternalError: (name, err) => logger().error({ tool: name, err }, 'tool failed unexpectedly'),
      },
    );
    return ctx.user && WORKFLOW_EDITORS.includes(ctx.user.role) ? result : withoutTestOnly(result);
  });

/** The skill catalog page: every role may read the catalog and check a manifest; admins steer the demo skills' fault injection. */
export const skillsRouter = router({
  list,
  validate: toolQuery(validateSkillManifestTool, ALL_ROLES),
  setDemoFaults: toolMutation(setDemoFaultsTool, ADMIN),
});
