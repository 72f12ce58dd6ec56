import type { AgentPlatform } from '../contracts/agent-platform.ts';
import type { TemplateEntry } from './template-catalog.ts';

/** The label of the memory block that holds an instance's `initial_config_json` (pretty JSON). */
export const INITIAL_CONFIG_BLOCK = 'initial_config';
/** Tags an instance carries: made by this tool, its template, and whether it was started. */
export const INSTANCE_TAG = 'orchestrated';
export const instanceStatusTag = (status: InstanceStatus) => `instance-status:${status.toLowerCase()}`;

export type InstanceStatus = 'INITIALIZED' | 'RUNNING';

/**
 * The message a started instance receives first (queued durably, so it is its first turn):
 * `{"type":"agent_instance_started", agent_name_label, agent_type_template, initial_config}`.
 */
export function startMessage(label: string, template: string, config: Record<string, unknown>): string {
  return JSON.stringify({ type: 'agent_instance_started', agent_name_label: label, agent_type_template: template, initial_config: config });
}

/**
 * create_new_agent_instance (spec 5.1): an agent from the template on the platform, with the
 * initial configuration in its core memory (block `initial_config`). Started (`RUNNING`): it is
 * sent the start message through the durable inbox; otherwise it stays `INITIALIZED` (created,
 * nothing sent) until something is dispatched to it.
 */
export async function createAgentInstance(
  platform: AgentPlatform,
  template: TemplateEntry,
  label: string,
  config: Record<string, unknown>,
  startImmediately: boolean,
): Promise<{ agent_id: string; agent_type_template: string; agent_name_label: string; status: InstanceStatus }> {
  const status: InstanceStatus = startImmediately ? 'RUNNING' : 'INITIALIZED';
  const agent = await platform.createAgent({
    template: template.ref,
    name: label,
    tags: [INSTANCE_TAG, `template:${template.name}`, instanceStatusTag(status)],
    blocks: [
      {
        label: INITIAL_CONFIG_BLOCK,
        value: JSON.stringify(config, null, 2),
        description: 'The configuration this instance was created with (create_new_agent_instance).',
      },
    ],
  });
  if (startImmediately) await platform.queueMessage(agent.id, { role: 'user', content: startMessage(label, template.ref, config) });
  return { agent_id: agent.id, agent_type_template: template.ref, agent_name_label: label, status };
}
