import { getSkillsetTool } from '../../tools/skills/get-skillset.ts';
import { validateSkillManifestTool } from '../../tools/skills/validate-skill-manifest.ts';
import { ALL_ROLES, router } from '../init.ts';
import { toolQuery } from '../tool-procedure.ts';

/** The skill catalog page: every role may read the catalog and check a manifest. */
export const skillsRouter = router({
  list: toolQuery(getSkillsetTool, ALL_ROLES),
  validate: toolQuery(validateSkillManifestTool, ALL_ROLES),
});
