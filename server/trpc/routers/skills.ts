import { getSkillsetTool } from '../../tools/skills/get-skillset.ts';
import { validateSkillManifestTool } from '../../tools/skills/validate-skill-manifest.ts';
import { setDemoFaultsTool } from '../../tools/skills/set-demo-faults.ts';
import { ADMIN, ALL_ROLES, router } from '../init.ts';
import { toolMutation, toolQuery } from '../tool-procedure.ts';

/** The skill catalog page: every role may read the catalog and check a manifest; admins steer the demo skills' fault injection. */
export const skillsRouter = router({
  list: toolQuery(getSkillsetTool, ALL_ROLES),
  validate: toolQuery(validateSkillManifestTool, ALL_ROLES),
  setDemoFaults: toolMutation(setDemoFaultsTool, ADMIN),
});
