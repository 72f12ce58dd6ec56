import { ANALYSIS_PIPELINE, REVIEW_ROLES, type PipelineInputs, type ReviewRole } from '../../../../lib/analysis/index.ts';
import { bindParameters } from '../planner/compose.ts';
import type { SkillSummary } from '../planner/skills.ts';
import type { PlanStep } from '../../../delegation/protocol.ts';

/** The functions a call review needs, each served by one chosen skill: the analysis pipeline's review steps, in order. */
export { REVIEW_ROLES, type ReviewRole };
const REVIEW_STEPS = ANALYSIS_PIPELINE.filter((s) => s.review);

/** What a Companion is handed for one advisor's calls: the plan, its inputs, and what to report. */
export interface ReviewTask {
  skills_required: string[];
  /** `rule_set_id`: the lender's compliance rule set, as the CRM names it (list_products). */
  inputs: { advisor_name: string; start_date: string; end_date: string; rule_set_id: string };
  plan: PlanStep[];
  output: Record<string, unknown>;
}

/**
 * The plan of a call review for one advisor and period (the analysis of spec §2.3, done by a
 * Companion instead of a workflow): the analysis pipeline's review steps (lib/analysis/functions.ts) —
 * the advisor's applications → their recordings → for each call: transcription → sentiment →
 * compliance → score. Parameters are bound to each chosen skill's own parameter names (as the
 * Planner binds them). Each call
 * reports what the Conductor needs to answer: its ids and date, the score, the sentiment flags,
 * the verdicts of the rules the request is about and the ids of every failed rule — not the
 * transcript.
 */
export function callReviewTask(
  skills: Record<ReviewRole, SkillSummary>,
  inputs: ReviewTask['inputs'],
  /** The filter of the verdicts the request is about (focus.ts verdictsFilter). */
  focusVerdicts: string,
): { ok: true; task: ReviewTask } | { ok: false; error: string } {
  // In a task, each step is named by its function and keeps its result under its outcome's name (`score`, `transcript`).
  const paths: PipelineInputs = {
    advisor: '$.inputs.advisor_name',
    start: '$.inputs.start_date',
    end: '$.inputs.end_date',
    applicationIds: '$.applications.data.ids',
    recordingUri: '$.recording.uri',
    text: '$.transcript.data.text',
    ruleSet: '$.inputs.rule_set_id',
    resultOf: (o) => `$.${o}`,
  };
  const steps = REVIEW_STEPS.map((s) => {
    const role = s.role as ReviewRole;
    const bound = bindParameters(skills[role], s.bind(paths));
    return bound.ok
      ? {
          ok: true as const,
          step: { step: role, skill: skills[role].uri, tool: bound.tool, args: bound.parameters, result: s.outcome ?? role },
        }
      : bound;
  });
  const failed = steps.find((s) => !s.ok);
  if (failed && !failed.ok) return failed;
  const [applications, recordings, ...perCall] = steps.map((s) => (s as { step: PlanStep }).step);
  const plan: PlanStep[] = [
    applications!,
    recordings!,
    {
      step: 'calls',
      for_each: '$.recordings.data.recordings',
      as: 'recording',
      steps: perCall,
      select: {
        'recording_id.$': '$.recording.recording_id',
        'application_id.$': '$.recording.application_id',
        'recorded_at.$': '$.recording.recorded_at',
        'duration_s.$': '$.recording.duration_s',
        'score.$': '$.score.data.score',
        'max_score.$': '$.score.data.max_score',
        'sentiment.$': '$.sentiment.data.overall',
        'flags.$': '$.sentiment.data.flags',
        'focus_verdicts.$': `$.compliance.data.verdicts[?(${focusVerdicts})]`,
        'failed_rules.$': "$.compliance.data.verdicts[?(@.verdict == 'fail')].rule_id",
      },
      result: 'calls',
    },
  ];
  return {
    ok: true,
    task: {
      skills_required: [...new Set(REVIEW_ROLES.map((r) => skills[r].uri))],
      inputs,
      plan,
      output: {
        'advisor.$': '$.inputs.advisor_name',
        'start_date.$': '$.inputs.start_date',
        'end_date.$': '$.inputs.end_date',
        'applications.$': '$.applications.data.ids',
        'calls.$': '$.calls',
      },
    },
  };
}
