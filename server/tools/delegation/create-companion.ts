import { z } from 'zod';
import { createCompanion } from '../../delegation/companions.ts';
import { defineTool } from '../define-tool.ts';
import { ok } from '../../tool-result.ts';
import { isToolFailure, jsonParam, withHub } from './delegation.ts';
import { idString, jsonTextString, nameString } from '../limits.ts';

const skillUris = z.array(z.string().regex(/^skill:\/\//, 'must be a skill:// URI'));

/** dcf-plus "Companion Lifecycle Tools": create_companion. */
export const createCompanionTool = defineTool({
  name: 'create_companion',
  description:
    'Create a session-scoped Companion agent for the Conductor: tagged role:companion, session:<id>, ' +
    'specialization:<type>, status:idle; memory blocks persona, task_context and dcf_active_skills; the ' +
    "session's shared blocks given in shared_block_ids_json attached; the skills in initial_skills_json " +
    "loaded. Refused when the session's pool is full (reuse an idle Companion first). Nothing is left " +
    'behind when it fails.',
  readOnly: false,
  input: z.object({
    session_id: idString().min(1).describe('The session the Companion belongs to (tag session:<id>).'),
    conductor_id: idString().min(1).describe("The session's Conductor, to which the Companion reports results."),
    specialization: nameString()
      .min(1)
      .default('generalist')
      .describe('Initial specialization: generalist, research, analysis, writing, call-review, …'),
    shared_block_ids_json: jsonTextString().describe(
      "JSON array of the ids of shared blocks to attach (the session's session_context, …).",
    ),
    initial_skills_json: jsonTextString().optional().describe('Optional JSON array of skill:// URIs to pre-load.'),
  }),
  output: z.object({
    companion_id: z.string(),
    companion_name: z.string(),
    tags: z.array(z.string()),
    shared_blocks_attached: z.array(z.string()),
  }),
  async handler(args, { actor, services }) {
    const shared = jsonParam('shared_block_ids_json', args.shared_block_ids_json, z.array(z.string().min(1)));
    if (isToolFailure(shared)) return shared;
    const skills = jsonParam('initial_skills_json', args.initial_skills_json, skillUris);
    if (isToolFailure(skills)) return skills;
    return withHub(services, async (hub) => {
      const { agent, shared: attached } = await createCompanion(hub, actor, {
        session_id: args.session_id,
        conductor_id: args.conductor_id,
        specialization: args.specialization,
        shared_block_ids: shared ?? [],
        initial_skills: skills ?? [],
      });
      return ok({ companion_id: agent.id, companion_name: agent.name, tags: agent.tags, shared_blocks_attached: attached });
    });
  },
});
