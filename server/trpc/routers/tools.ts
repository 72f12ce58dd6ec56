import { describeTools } from '../../tools/registry.ts';
import { ALL_ROLES, procedure, router } from '../init.ts';

/** The tool catalogue (Settings → Tools): what agents, the CLI and the console can call. */
export const toolsRouter = router({
  list: procedure.meta({ access: ALL_ROLES }).query(() => describeTools()),
});
