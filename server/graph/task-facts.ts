import { EPISODE_SOURCE, stableUuid, useOutcome, type SkillUse } from './episode-facts.ts';
import type { TaskEpisode } from './port.ts';

/**
 * What both adapters derive from a TaskEpisode (a finished delegated task), computed once here
 * like episode-facts.ts does for runs: the key its uses are shown by, the Graphiti episode's
 * fields, and one use row per skill use.
 */

export const TASK_SOURCE_DESCRIPTION = 'DCF+ delegated task';

/** `/` separates the two ids and `%` escapes: percent-encoded inside an id, so keys never collide. */
const keyPart = (id: string) => id.replace(/%/g, '%25').replace(/\//g, '%2F');

/**
 * `task:<session_id>/<task_id>`: the run id of the task's uses, where reliability reads show a
 * use by run id and state (recent failures) and order uses by (at, run id, position).
 */
export function taskRunId(t: Pick<TaskEpisode, 'session_id' | 'task_id'>): string {
  return `task:${keyPart(t.session_id)}/${keyPart(t.task_id)}`;
}

/** The state a task's use is shown under: its plan step(s), or `task` when the plan did not say. */
export const TASK_STATE_UNKNOWN = 'task';

/** The `:Episodic` fields of a task: group = the session, content = the episode as JSON, valid_at = completed_at. */
export function taskEpisodicFields(e: TaskEpisode) {
  const key = taskRunId(e);
  return {
    // Names of their own (not `episode:<run id>`), so no run id can ever give a task's uuid.
    uuid: stableUuid(`task-episode:${key}`),
    mention_uuid: stableUuid(`task-mentions:${key}`),
    name: `delegated_task ${e.session_id}/${e.task_id}`,
    group_id: e.session_id,
    source: EPISODE_SOURCE,
    source_description: TASK_SOURCE_DESCRIPTION,
    content: JSON.stringify(e),
    valid_at: e.completed_at,
  };
}

/**
 * One use per entry of `uses`, in order, latency rounded to whole ms, a failure caused by the
 * caller recorded as `caller_error` (episode-facts.ts useOutcome); a task makes one attempt per use.
 */
export function taskSkillUses(e: TaskEpisode): Array<SkillUse & { at: string }> {
  return e.uses.map((u, seq) => ({
    seq,
    state: u.step ?? TASK_STATE_UNKNOWN,
    skill: u.skill,
    outcome: useOutcome(u.outcome, u.error),
    latency_ms: u.latency_ms === null ? null : Math.round(u.latency_ms),
    error: u.error,
    attempts: 1,
    swapped_from: null,
    // A delegated task's skills are the companion's own choice, never a live split's.
    strategy: null,
    at: u.at,
  }));
}
