import type { SessionObservation } from '../../../delegation/receive.ts';
import type { Counts } from './beta.ts';
import { isRecord } from '../../../../lib/is-record.ts';
import { failureCauseOfText } from '../../../../lib/failure-cause.ts';

/**
 * What the Strategist counts: the session's finished tasks (read_session_activity's task
 * completions, and the observation that woke it), the specialization of each Companion (its
 * companion_created / companion_status entries), and per skill and per specialization the tasks,
 * successes, failures and durations. Skill history and alternatives come from
 * get_skill_reliability. A task that failed because of its caller's input (an unknown advisor, a
 * reversed period: lib/failure-cause.ts) counts for no skill and no Companion, as in the graph.
 */

export interface TaskRecord {
  task_id: string;
  companion_id: string;
  specialization: string;
  status: 'succeeded' | 'failed';
  skills_used: string[];
  failed_skill: string | null;
  duration_s: number;
}

export interface Tally extends Counts {
  tasks: number;
  mean_duration_s: number | null;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
export const UNKNOWN_SPECIALIZATION = 'unknown';

/** Each Companion's specialization, as the activity's Companion entries last stated it. */
function specializations(activity: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const states = Array.isArray(activity.companion_states) ? activity.companion_states : [];
  for (const e of states) {
    if (!isRecord(e) || typeof e.subject !== 'string' || !isRecord(e.detail)) continue;
    if (typeof e.detail.specialization === 'string') out.set(e.subject, e.detail.specialization);
  }
  return out;
}

/** Companions the activity shows dismissed (no advice is given about them). */
export function dismissedCompanions(activity: Record<string, unknown>): Set<string> {
  const states = Array.isArray(activity.companion_states) ? activity.companion_states : [];
  return new Set(
    states.flatMap((e) => (isRecord(e) && e.kind === 'companion_dismissed' && typeof e.subject === 'string' ? [e.subject] : [])),
  );
}

/**
 * Whether a finished task failed because of its caller's input — its error read as the graph
 * reads it ("step fetch (skill://… tool): AdvisorNotFound: no advisor named …").
 */
export const failedByCaller = (status: string, error: unknown): boolean =>
  status === 'failed' && typeof error === 'string' && failureCauseOfText(error) === 'caller';

/**
 * The session's finished tasks that count, oldest first, one per task id: the activity's task
 * completions (read_session_activity's `activity`), and the observation's own task when the
 * activity read does not have it yet. Cancelled tasks have no completion and are not counted;
 * tasks that failed because of their caller's input (failedByCaller) are left out: they say
 * nothing about a skill or a Companion, so no rule may count them against either.
 */
export function sessionTasks(activity: Record<string, unknown>, observation: SessionObservation): TaskRecord[] {
  const spec = specializations(activity);
  if (observation.specialization) spec.set(observation.companion_id, observation.specialization);
  const byTask = new Map<string, TaskRecord>();
  const byCaller = new Set<string>();
  const completions = Array.isArray(activity.task_completions) ? activity.task_completions : [];
  for (const e of completions) {
    if (!isRecord(e) || typeof e.task_id !== 'string' || typeof e.actor !== 'string' || !isRecord(e.detail)) continue;
    const d = e.detail;
    if (d.status !== 'succeeded' && d.status !== 'failed') continue;
    if (failedByCaller(d.status, d.error)) byCaller.add(e.task_id);
    const metrics = isRecord(d.metrics) ? d.metrics : {};
    byTask.set(e.task_id, {
      task_id: e.task_id,
      companion_id: e.actor,
      specialization: spec.get(e.actor) ?? UNKNOWN_SPECIALIZATION,
      status: d.status,
      skills_used: strings(metrics.skills_used),
      failed_skill: typeof d.failed_skill === 'string' ? d.failed_skill : null,
      duration_s: typeof metrics.duration_s === 'number' && metrics.duration_s >= 0 ? metrics.duration_s : 0,
    });
  }
  if (!byTask.has(observation.task_id)) {
    if (failedByCaller(observation.status, observation.error)) byCaller.add(observation.task_id);
    byTask.set(observation.task_id, {
      task_id: observation.task_id,
      companion_id: observation.companion_id,
      specialization: observation.specialization ?? spec.get(observation.companion_id) ?? UNKNOWN_SPECIALIZATION,
      status: observation.status,
      skills_used: observation.skills_used,
      failed_skill: observation.failed_skill,
      duration_s: observation.duration_s,
    });
  }
  return [...byTask.values()].filter((t) => !byCaller.has(t.task_id));
}

/** Every skill a task names (used, or the one that failed). */
export const skillsOf = (t: TaskRecord): string[] => [...new Set([...t.skills_used, ...(t.failed_skill ? [t.failed_skill] : [])])];

/**
 * Whether a task counts for a skill, and how: a task that succeeded is a success of every skill it
 * used; a failed task is a failure of the skill it names as failed, and says nothing about its
 * other skills (they may not have run). A failure naming no skill is the Companion's, not a skill's.
 */
export function outcomeFor(t: TaskRecord, skill: string): 'success' | 'failure' | null {
  if (t.status === 'succeeded') return t.skills_used.includes(skill) ? 'success' : null;
  return t.failed_skill === skill ? 'failure' : null;
}

/** Tasks, successes, failures and mean duration of a set of tasks, each judged by `judge`. */
export function tally(tasks: TaskRecord[], judge: (t: TaskRecord) => 'success' | 'failure' | null): Tally {
  let successes = 0;
  let failures = 0;
  let duration = 0;
  for (const t of tasks) {
    const o = judge(t);
    if (o === 'success') successes++;
    if (o === 'failure') failures++;
    if (o) duration += t.duration_s;
  }
  const n = successes + failures;
  return { tasks: n, successes, failures, mean_duration_s: n ? round1(duration / n) : null };
}

/** Per skill: this session's uses by outcomeFor. */
export function skillTallies(tasks: TaskRecord[]): Map<string, Tally> {
  const skills = [...new Set(tasks.flatMap(skillsOf))].sort();
  return new Map(skills.map((s) => [s, tally(tasks, (t) => outcomeFor(t, s))]));
}

/** Per specialization: its Companions' tasks, successes, failures and mean duration. */
export function specializationTallies(tasks: TaskRecord[]): Map<string, Tally> {
  const names = [...new Set(tasks.map((t) => t.specialization))].sort();
  return new Map(
    names.map((s) => [
      s,
      tally(
        tasks.filter((t) => t.specialization === s),
        (t) => (t.status === 'succeeded' ? 'success' : 'failure'),
      ),
    ]),
  );
}

export const round1 = (x: number): number => Math.round(x * 10) / 10;

/** A skill's reliability as get_skill_reliability reports it (the recent window is what the rules use). */
export interface SkillHistory {
  skill: string;
  capability: string | null;
  recent: Counts;
  all_time: Counts;
  alternatives: Array<{ skill: string; recent: Counts; all_time: Counts }>;
}

const countsOf = (v: unknown): Counts => {
  const r = isRecord(v) ? v : {};
  return { successes: typeof r.n_success === 'number' ? r.n_success : 0, failures: typeof r.n_failures === 'number' ? r.n_failures : 0 };
};

/** The recent window a get_skill_reliability result counted (`7 days, at most 50 uses`), or null. */
export function historyWindow(result: Record<string, unknown> | null): string | null {
  const w = result && isRecord(result.window) ? result.window : null;
  return w && typeof w.days === 'number' && typeof w.last_runs === 'number'
    ? `the last ${w.days} days, at most ${w.last_runs} uses per skill`
    : null;
}

/** The reports of one get_skill_reliability result (`skills`), or [] for a result of another shape. */
export function skillHistories(result: Record<string, unknown> | null): SkillHistory[] {
  const skills = result && Array.isArray(result.skills) ? result.skills : [];
  return skills.filter(isRecord).flatMap((s) =>
    typeof s.skill === 'string'
      ? [
          {
            skill: s.skill,
            capability: typeof s.capability === 'string' ? s.capability : null,
            recent: countsOf(s.recent),
            all_time: countsOf(s.all_time),
            alternatives: (Array.isArray(s.alternatives) ? s.alternatives : [])
              .filter(isRecord)
              .flatMap((a) =>
                typeof a.skill === 'string' ? [{ skill: a.skill, recent: countsOf(a.recent), all_time: countsOf(a.all_time) }] : [],
              ),
          },
        ]
      : [],
  );
}

/**
 * A skill's evidence: this session's counts and its recent history, combined as the larger of
 * each. The graph learns from delegated tasks too, so the history may already hold some or all of
 * this session's uses: adding them would count a use twice, and the larger of each count never
 * does (it may count less than all there is, which only makes the rules slower to act).
 */
export function combined(session: Counts, history: Counts): Counts {
  return { successes: Math.max(session.successes, history.successes), failures: Math.max(session.failures, history.failures) };
}
