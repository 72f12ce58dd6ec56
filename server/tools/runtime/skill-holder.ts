import { readActiveSkills, writeActiveSkills } from '../../delegation/skill-tracker.ts';
import { sessionContextArguments } from '../../delegation/webhook.ts';
import type { ExecutionServices } from '../../contracts/execution-services.ts';
import { runContextArguments } from '../../execution/webhook.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { fail, type ToolFailure } from '../../tool-result.ts';

/**
 * An agent that loads, invokes and unloads skills (load_skill, invoke_skill_tool, unload_skill):
 * a run's worker, or any other agent of the agent platform (a Companion, the Conductor).
 */
export interface SkillHolder {
  agent_id: string;
  /** The run this agent works for (a run's worker); null otherwise. */
  run_id: string | null;
  /**
   * Arguments its work supplies to a skill tool that requires them and was not given them: a
   * run worker's webhook for the state instance it works on, a Companion's session webhook
   * (`webhook_url`); none otherwise.
   */
  context: Record<string, unknown>;
  /** skill:// URIs loaded now. */
  loaded: string[];
  setLoaded(skills: string[]): Promise<void>;
}

/**
 * Finds `agentId`: first among the execution's workers (`x.agents`: in-process workers, or the
 * platform's agents tagged with a run and a state), whose runtime keeps their loaded skills;
 * otherwise on the agent platform, where its skill loading tracker is its `dcf_active_skills`
 * block (skill-tracker.ts). `not_found` when neither knows it. `instance`: the state instance a
 * run worker works on (its webhook URL is signed for that instance); by default the state it
 * serves, which is the instance itself outside a Map.
 */
export async function skillHolder(
  x: ExecutionServices,
  services: ToolServices,
  agentId: string,
  instance?: string,
): Promise<SkillHolder | ToolFailure> {
  const worker = await x.agents.getAgent(agentId);
  if (worker) {
    const setLoaded = (skills: string[]) => x.agents.setLoadedSkills(worker.id, skills);
    const context = worker.run_id ? await runContextArguments(x.config, worker.run_id, instance ?? worker.state) : {};
    return { agent_id: worker.id, run_id: worker.run_id || null, context, loaded: worker.loaded_skills, setLoaded };
  }
  if (!services.agents) return fail('not_found', `no worker agent ${agentId} (and no agent platform here to look further)`);
  let platform;
  try {
    platform = await services.agents();
  } catch (err) {
    return fail('unavailable', `cannot reach the agent platform: ${err instanceof Error ? err.message : String(err)}`);
  }
  const agent = await platform.getAgent(agentId);
  if (!agent) return fail('not_found', `no agent ${agentId}`);
  const setLoaded = (skills: string[]) => writeActiveSkills(platform, agent.id, skills);
  const session = agent.tags.find((t) => t.startsWith('session:'))?.slice('session:'.length);
  const context = session ? await sessionContextArguments(x.config, session, agent.id) : {};
  return { agent_id: agent.id, run_id: null, context, loaded: await readActiveSkills(platform, agent.id), setLoaded };
}
