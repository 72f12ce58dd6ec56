import type { SessionObservation } from '../../../delegation/receive.ts';
import type { DeclarePlanInput } from '../../../contracts/planning/ports.ts';
import type { PlanUnit, ToolCallIntent } from '../../../../lib/planning/schemas.ts';
import type { BrainInput } from '../brain.ts';
import { brainPlan, intent } from '../plan-of.ts';

/**
 * The Strategist's tool-call plan for one session_observation (Brain.plan, issue 17): the tool-layer
 * steps of StrategistTurn in order — read the whole session's activity, read the reliability of
 * each skill it used (one intent, carried out once per skill), read the ratings of the session's
 * Companions' work, then, when the rules find something new, publish it to the Conductor's
 * guidelines and keep it as a knowledge-graph episode (when an episode tool is attached). When the
 * rules find nothing new, the publication intents are skipped with the Strategist's final words as
 * the reason (the loop gives them).
 */
export function strategistPlan(
  input: BrainInput,
  o: SessionObservation,
  unit: PlanUnit,
  episodeTools: readonly string[],
): DeclarePlanInput | null {
  const attached = new Set(input.tools.map((t) => t.name));
  const episode = episodeTools.find((t) => attached.has(t));
  const intents: ToolCallIntent[] = [
    intent('read_session_activity', `Read session ${o.session_id}'s activity: every task's outcome and the skills used.`),
    intent('get_skill_reliability', "Read each used skill's reliability, capability and alternatives from the graph."),
    intent('compare_models', "Read the ratings other agents gave the session's Companions' work."),
    intent(
      'update_conductor_guidelines',
      'Publish what the outcomes show (a skill to prefer or avoid, a pattern) ' +
        "to the Conductor's guidelines, when the rules find something new.",
    ),
    ...(episode ? [intent(episode, 'Keep the pattern as a knowledge-graph episode for later sessions.')] : []),
  ].filter((i) => attached.has(i.toolName));
  return brainPlan(
    `Learn from task ${o.task_id} of session ${o.session_id}: which skills served, which failed, ` +
      'and what the Conductor should do differently.',
    intents,
    { ...unit, session_id: o.session_id },
  );
}
