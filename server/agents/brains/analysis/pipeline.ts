import type { Outcome } from '../../../../lib/nl/index.ts';
import type { Role } from '../planner/skills.ts';
import { analysisBindings, type Binding } from './bindings.ts';

/**
 * The call-analysis pipeline, in order, once (spec §2.2, §2.3; issue 30: "the analysis pipeline
 * comes from one registry"): the intake (applications → recordings), then per call transcription →
 * diarization → segmentation → sentiment → compliance → scoring. Each step names the function
 * (`role`, whose skill the catalog gives), the outcome a person asks for by it, where its result
 * is kept, what it reads from the steps before it, and whether a delegated call review runs it.
 * The Planner composes workflows from it (planner/compose.ts, planner/compose-outcomes.ts) and the
 * Conductor plans Companions' call reviews from it (conductor/call-review-plan.ts): adding an
 * analysis step is an entry here, its bindings, and the words for its outcome (lib/nl/outcomes.ts).
 */
export interface PipelineInputs {
  /** JSONPaths into whatever document the analysis runs over (a workflow's state data, a delegated task's data). */
  advisor?: string;
  start: string;
  end: string;
  applicationIds: string;
  recordingUri: string;
  /** The call's transcript text. */
  text: string;
  /** Where the rule set id is read (a run input), or a literal binding a saved workflow already had. */
  ruleSet: string | Binding;
  /** The segment labels of the lender's rule set (describe_rule_set); needed only by segmentation. */
  taxonomy?: string[];
  /** Where an earlier step's result is kept (its data-plane envelope). */
  resultOf: (outcome: Outcome) => string;
}

export interface AnalysisStep {
  role: Role;
  /** The outcome a person asks for that this step produces; null for the intake. */
  outcome: Outcome | null;
  /** The outcome in the user's words ("speaker turns"). */
  label: string;
  /** The step's Task state in a composed workflow, and its comment. */
  state: string;
  comment: string;
  /** Where the result is kept: `$.<result>` in a workflow. */
  result: string;
  /** Run by a Companion's call review (conductor/call-review-plan.ts), in this order. */
  review: boolean;
  /** Outcomes this step's skill reads, by the parameter that reads them: brought back when the chosen skill requires them. */
  consumes?: Array<{ outcome: Outcome; match: RegExp }>;
  /** Run side by side with the other steps of its group when more than one of them runs (a workflow's Parallel state). */
  group?: 'analysis';
  /** What the step's skill is given. */
  bind(inputs: PipelineInputs): Binding[];
}

export const ANALYSIS_PIPELINE: readonly AnalysisStep[] = [
  {
    role: 'applications',
    outcome: null,
    label: 'applications',
    state: 'GetApplicationIDs',
    comment: 'Find loan applications for the advisor over the date range.',
    result: 'applications',
    review: true,
    bind: (i) => analysisBindings.applications({ advisor: i.advisor, start: i.start, end: i.end }),
  },
  {
    role: 'recordings',
    outcome: null,
    label: 'recordings',
    state: 'GetCallRecordings',
    comment: 'Retrieve call recordings linked to the applications.',
    result: 'recordings',
    review: true,
    bind: (i) => analysisBindings.recordings(i.applicationIds),
  },
  {
    role: 'transcription',
    outcome: 'transcript',
    label: 'transcript',
    state: 'TranscribeRecording',
    comment: 'Single-call pilot: transcribe the first recording found.',
    result: 'transcript',
    review: true,
    bind: (i) => analysisBindings.transcription(i.recordingUri),
  },
  {
    role: 'diarization',
    outcome: 'speaker_turns',
    label: 'speaker turns',
    state: 'DiarizeTranscript',
    comment: 'Separate the speakers (speaker turns).',
    result: 'speaker_turns',
    review: false,
    bind: (i) => [{ match: /transcript|text/, path: i.text }],
  },
  {
    role: 'segmentation',
    outcome: 'segments',
    label: 'segments',
    state: 'SegmentAndLabel',
    comment: 'Label the conversation with the call taxonomy.',
    result: 'segments',
    review: false,
    bind: (i) => [
      { match: /transcript|text/, path: i.text },
      { match: /taxonomy|labels|categories/, value: i.taxonomy },
    ],
  },
  {
    role: 'sentiment',
    outcome: 'sentiment',
    label: 'sentiment',
    state: 'SentimentAnalysis',
    comment: 'Assess overall sentiment and highlight issues.',
    result: 'sentiment',
    review: true,
    group: 'analysis',
    bind: (i) => analysisBindings.sentiment(i.text),
  },
  {
    role: 'compliance',
    outcome: 'compliance',
    label: 'compliance verdicts',
    state: 'ComplianceAnalysis',
    comment: 'Check the transcript against the standard script (compliance rules).',
    result: 'compliance',
    review: true,
    group: 'analysis',
    bind: (i) => analysisBindings.compliance(i.text, i.ruleSet),
  },
  {
    role: 'scoring',
    outcome: 'score',
    label: 'QA score',
    state: 'CalculateScore',
    comment: 'Combine the outcomes into the QA score (the existing QA scorecard).',
    result: 'qa_score',
    review: true,
    consumes: [
      { outcome: 'sentiment', match: /sentiment/ },
      { outcome: 'compliance', match: /compliance|verdict/ },
    ],
    bind: (i) => analysisBindings.scoring(`${i.resultOf('sentiment')}.data`, `${i.resultOf('compliance')}.data.verdicts`),
  },
];

/** The step of a role. */
export const stepOfRole = (role: Role): AnalysisStep => ANALYSIS_PIPELINE.find((s) => s.role === role)!;

/** The step that produces an outcome. */
export const stepOfOutcome = (outcome: Outcome): AnalysisStep => ANALYSIS_PIPELINE.find((s) => s.outcome === outcome)!;

/** The outcomes, in the order they are produced (and listed). */
export const OUTCOME_ORDER: Outcome[] = ANALYSIS_PIPELINE.flatMap((s) => (s.outcome ? [s.outcome] : []));

/** The intake's functions, before any outcome. */
export const INTAKE_ROLES: Role[] = ANALYSIS_PIPELINE.filter((s) => !s.outcome).map((s) => s.role);
