import { z } from 'zod';
import { createAgentInstance } from '../../orchestration/create-instance.ts';
import { listTemplates, resolveTemplate } from '../../orchestration/template-catalog.ts';
import { fail, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { isToolFailure, jsonObject, jsonParam, withPlatform } from './orchestration.ts';

/** agent-memory-and-orchestration-tools.md 5.1 `create_new_agent_instance`. */
export const createNewAgentInstanceTool = defineTool({
  name: 'create_new_agent_instance',
  description:
    'Create a new agent from a template (agents/templates/*.af, by name or name@version, e.g. ' +
    '"worker" or "worker@1.0.0") on the agent platform. initial_config_json (a JSON object) is stored ' +
    'in the new agent\'s core memory as the block "initial_config". start_immediately (default true) ' +
    'sends it an agent_instance_started message through its durable inbox (status RUNNING); false ' +
    'leaves it INITIALIZED until a task is dispatched to it.',
  readOnly: false,
  input: z.object({
    agent_type_template: z.string().min(1).max(200).describe('Template name, optionally @version: "worker", "worker@1.0.0".'),
    agent_name_label: z.string().min(1).max(200).describe('Human-readable name of the instance.'),
    initial_config_json: z.string().max(20_000).describe("JSON object: the instance's initial configuration, stored in its memory."),
    start_immediately: z.boolean().default(true),
  }),
  output: z.object({
    agent_id: z.string(),
    agent_type_template: z.string().describe('The template as name@version.'),
    agent_name_label: z.string(),
    instance_status: z.enum(['INITIALIZED', 'RUNNING']).describe("The spec's status attribute (the envelope has its own status)."),
  }),
  async handler(args, { services }) {
    const config = jsonParam('initial_config_json', args.initial_config_json, jsonObject);
    if (isToolFailure(config)) return config;
    const templates = await listTemplates(services.config.rootDir);
    const template = resolveTemplate(templates, args.agent_type_template);
    if (!template) {
      const available = templates.map((t) => t.ref);
      return fail('not_found', `no agent template "${args.agent_type_template}"; available: ${available.join(', ') || 'none'}`, {
        available_templates: available,
      });
    }
    return withPlatform(services, async (platform) => {
      const { status, ...rest } = await createAgentInstance(
        platform,
        template,
        args.agent_name_label,
        config ?? {},
        args.start_immediately,
      );
      return ok({ ...rest, instance_status: status });
    });
  },
});
