import { isRecord, num, type Obj } from '../is-record.ts';
import { analysisBindings, type Binding } from './bindings.ts';

/**
 * THE registry of the call-analysis functions (issue 31, "one registry per concept"; spec §2.2,
 * §2.3, §3.2): the intake (applications → recordings), then per call transcription → diarization →
 * segmentation → sentiment → compliance → scoring, in pipeline order. Each entry says, once, what
 * produces the function's result (the Planner's skill search), how a person asks for it in chat,
 * how its envelope is recognised in a run, where its result is kept in a composed workflow and in
 * the QA record, and whether a delegated call review runs it. Everything that lists the functions
 * derives from here (./index.ts); adding one is an entry here, its skill, and its panel if it has
 * one (docs/analysis-functions.md). Data and pure functions only: the browser imports it too.
 */

/** JSONPaths into whatever document the analysis runs over (a workflow's state data, a delegated task's data). */
export interface PipelineInputs {
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
  /** Where an earlier step's result is kept (its data-plane envelope), by the outcome it produced. */
  resultOf: (outcome: string) => string;
}

/** One analysis function. `role` is its id: the Planner's word for the function whose skill it searches. */
export interface AnalysisFunctionEntry {
  role: string;
  /** The outcome a person asks for that it produces; null for the intake. */
  outcome: string | null;
  /** The outcome in the user's words ("speaker turns"). */
  label: string;
  /** The Planner's skill search for it, in the spec's words (§2.2): its one-line description. */
  search: string;
  /**
   * The words that name its outcome in chat (lib/nl/outcomes.ts): `words` matches one token,
   * `phrases` are read as one token first (each matched by `words`), `names` are its plain nouns,
   * which the name and product readers never take for a person or a product (each matched by `words`).
   */
  said: { words: RegExp; phrases: readonly string[]; names: readonly string[] } | null;
  /**
   * How its skill's data-plane envelope is recognised, by shape, never by state name (lib/qa-parts.ts):
   * `is` runs on the envelope's `data`; shapes are tried by ascending `precedence` (the most specific first);
   * `example` is a smallest `data` of the shape (lib/analysis/functions.test.ts recognises it as this part).
   */
  envelope: { precedence: number; is: (data: Obj) => boolean; example: Obj } | null;
  /**
   * Where a QA record keeps its result: a field of its own (`transcript`, `verdicts`, `sentiment`, `score`: the
   * qa_results columns of the first four functions), `analyses` (the generic store: `analyses[role]` holds the
   * envelope's data as the skill returned it), or null when a record does not keep it. A kept part is also in the
   * record's provenance (skill and state per part), the call detail's provenance and the evidence pack.
   */
  kept: 'transcript' | 'verdicts' | 'sentiment' | 'score' | 'analyses' | null;
  /** Produced by the standard QA workflow, and by a composed one when nothing else is asked. */
  standard: boolean;
  /** Run by a Companion's call review (conductor/call-review-plan.ts), in this order. */
  review: boolean;
  /** Its Task state in a composed workflow, and the state's comment. */
  state: string;
  comment: string;
  /** Where the result is kept: `$.<result>` in a workflow. */
  result: string;
  /** Outcomes its skill reads, by the parameter that reads them: brought back when the chosen skill requires them. */
  consumes?: ReadonlyArray<{ outcome: string; match: RegExp }>;
  /** Run side by side with the other functions of its group when more than one of them runs (a Parallel state). */
  group?: 'analysis';
  /** What its skill is given. */
  bind(inputs: PipelineInputs): Binding[];
}

const segmentsOf = (d: Obj): unknown[] => (Array.isArray(d.segments) ? d.segments : []);

export const ANALYSIS_FUNCTIONS = [
  {
    role: 'applications',
    outcome: null,
    label: 'applications',
    search: 'skill for salesforce data',
    said: null,
    envelope: null,
    kept: null,
    standard: true,
    review: true,
    state: 'GetApplicationIDs',
    comment: 'Find loan applications for the advisor over the date range.',
    result: 'applications',
    bind: (i) => analysisBindings.applications({ advisor: i.advisor, start: i.start, end: i.end }),
  },
  {
    role: 'recordings',
    outcome: null,
    label: 'recordings',
    search: 'skill for retrieving call recordings',
    said: null,
    envelope: { precedence: 7, is: (d) => Array.isArray(d.recordings), example: { recordings: [] } },
    kept: null,
    standard: true,
    review: true,
    state: 'GetCallRecordings',
    comment: 'Retrieve call recordings linked to the applications.',
    result: 'recordings',
    bind: (i) => analysisBindings.recordings(i.applicationIds),
  },
  {
    role: 'transcription',
    outcome: 'transcript',
    label: 'transcript',
    search: 'skill for audio transcription',
    said: { words: /^(?:transcripts?|transcriptions?|transcrib\w*)$/, phrases: [], names: ['transcript', 'transcripts', 'transcription'] },
    envelope: {
      precedence: 4,
      is: (d) => typeof d.text === 'string' && segmentsOf(d).some((s) => isRecord(s) && 'start_s' in s),
      example: { text: 'hi', segments: [{ start_s: 0, end_s: 1, text: 'hi' }] },
    },
    kept: 'transcript',
    standard: true,
    review: true,
    state: 'TranscribeRecording',
    comment: 'Single-call pilot: transcribe the first recording found.',
    result: 'transcript',
    bind: (i) => analysisBindings.transcription(i.recordingUri),
  },
  {
    role: 'diarization',
    outcome: 'speaker_turns',
    label: 'speaker turns',
    search: 'skill for speaker diarization',
    said: {
      words: /^(?:speaker[- ]turns?|speaker[- ]labels?|speakers?|diari[sz]\w*|who said what)$/,
      phrases: ['who said what', 'speaker turns', 'speaker turn', 'speaker labels', 'speaker label'],
      names: ['diarization', 'diarisation'],
    },
    envelope: { precedence: 5, is: (d) => Array.isArray(d.utterances), example: { utterances: [], speakers: ['A'] } },
    kept: null,
    standard: false,
    review: false,
    state: 'DiarizeTranscript',
    comment: 'Separate the speakers (speaker turns).',
    result: 'speaker_turns',
    bind: (i) => [{ match: /transcript|text/, path: i.text }],
  },
  {
    role: 'segmentation',
    outcome: 'segments',
    label: 'segments',
    search: 'skill for transcript segmentation and labelling',
    said: {
      words: /^(?:segments?|segmentation|segmented|segmenting|segment the calls)$/,
      phrases: ['segment the calls'],
      names: ['segments', 'segmentation'],
    },
    envelope: {
      precedence: 6,
      is: (d) => segmentsOf(d).some((s) => isRecord(s) && 'label' in s),
      example: { segments: [{ label: 'product_detail', text: 'x' }] },
    },
    kept: null,
    standard: false,
    review: false,
    state: 'SegmentAndLabel',
    comment: 'Label the conversation with the call taxonomy.',
    result: 'segments',
    bind: (i) => [
      { match: /transcript|text/, path: i.text },
      { match: /taxonomy|labels|categories/, value: i.taxonomy },
    ],
  },
  {
    role: 'sentiment',
    outcome: 'sentiment',
    label: 'sentiment',
    search: 'skill for sentiment analysis',
    said: { words: /^(?:sentiments?|tone|emotions?|emotional)$/, phrases: [], names: ['sentiment'] },
    envelope: {
      precedence: 3,
      is: (d) => typeof d.overall === 'string' && num(d.score) !== null && Array.isArray(d.flags),
      example: { overall: 'neutral', score: 0.1, flags: [] },
    },
    kept: 'sentiment',
    standard: true,
    review: true,
    state: 'SentimentAnalysis',
    comment: 'Assess overall sentiment and highlight issues.',
    result: 'sentiment',
    group: 'analysis',
    bind: (i) => analysisBindings.sentiment(i.text),
  },
  {
    role: 'compliance',
    outcome: 'compliance',
    label: 'compliance verdicts',
    search: 'skill for compliance analysis',
    said: {
      words: /^(?:compliance|compliant|compliance checks?|compliance verdicts?|verdicts?|rules? checks?|regulatory checks?)$/,
      phrases: [
        'compliance checks',
        'compliance check',
        'compliance verdicts',
        'compliance verdict',
        'rules checks',
        'rule checks',
        'regulatory checks',
      ],
      names: ['compliance'],
    },
    envelope: { precedence: 1, is: (d) => Array.isArray(d.verdicts), example: { verdicts: [] } },
    kept: 'verdicts',
    standard: true,
    review: true,
    state: 'ComplianceAnalysis',
    comment: 'Check the transcript against the standard script (compliance rules).',
    result: 'compliance',
    group: 'analysis',
    bind: (i) => analysisBindings.compliance(i.text, i.ruleSet),
  },
  {
    role: 'scoring',
    outcome: 'score',
    label: 'QA score',
    search: 'skill for QA scoring',
    said: {
      words: /^(?:scores?|scoring|scored|scorecards?|qa scores?|ratings?|grades?|grading)$/,
      phrases: ['qa scores', 'qa score'],
      names: ['score', 'scores', 'scoring'],
    },
    envelope: { precedence: 2, is: (d) => num(d.score) !== null && num(d.max_score) !== null, example: { score: 60, max_score: 100 } },
    kept: 'score',
    standard: true,
    review: true,
    state: 'CalculateScore',
    comment: 'Combine the outcomes into the QA score (the existing QA scorecard).',
    result: 'qa_score',
    consumes: [
      { outcome: 'sentiment', match: /sentiment/ },
      { outcome: 'compliance', match: /compliance|verdict/ },
    ],
    bind: (i) => analysisBindings.scoring(`${i.resultOf('sentiment')}.data`, `${i.resultOf('compliance')}.data.verdicts`),
  },
] as const satisfies readonly AnalysisFunctionEntry[];
