import { ANALYSIS_FUNCTIONS, type AnalysisFunctionEntry, type PipelineInputs as Inputs } from './functions.ts';
import type { Binding } from './bindings.ts';

/**
 * What the rest of the code reads of the analysis functions (./functions.ts): the types of their
 * ids, outcomes and parts, derived from the registry (so a new entry is a new member of each), and
 * the lists in pipeline order. Nothing here names a function.
 */
export { analysisBindings, RULE_SET_INPUT, SCORING_FORMULA, type Binding } from './bindings.ts';

type Entry = (typeof ANALYSIS_FUNCTIONS)[number];
/** A function of the analysis, by the Planner's word for it (its role): 'transcription', 'sentiment', … */
export type AnalysisRole = Entry['role'];
/** An outcome a person can ask for: 'transcript', 'speaker_turns', …, 'score'. */
export type Outcome = NonNullable<Entry['outcome']>;
/** A part of a QA run recognised by its envelope's shape (lib/qa-parts.ts). */
export type QaPart = Extract<Entry, { envelope: object }>['role'];
/** A part a QA record keeps (its result, and its skill and state in the provenance). */
export type RecordedPart = Exclude<Entry, { kept: null }>['role'];
/** A function a Companion's call review runs. */
export type ReviewRole = Extract<Entry, { review: true }>['role'];

/** The inputs of a step's bindings, with earlier results found by outcome. */
export type PipelineInputs = Omit<Inputs, 'resultOf'> & { resultOf: (outcome: Outcome) => string };

/** One function as the pipeline's readers see it: typed by the registry's own ids and outcomes. */
export interface AnalysisStep extends Omit<AnalysisFunctionEntry, 'role' | 'outcome' | 'consumes' | 'bind'> {
  role: AnalysisRole;
  outcome: Outcome | null;
  consumes?: ReadonlyArray<{ outcome: Outcome; match: RegExp }>;
  bind(inputs: PipelineInputs): Binding[];
}

/** The functions in pipeline order (the registry, typed). */
export const ANALYSIS_PIPELINE: readonly AnalysisStep[] = ANALYSIS_FUNCTIONS as readonly AnalysisStep[];

/** The step of a role. */
export const stepOfRole = (role: AnalysisRole): AnalysisStep => ANALYSIS_PIPELINE.find((s) => s.role === role)!;

/** The step that produces an outcome. */
export const stepOfOutcome = (outcome: Outcome): AnalysisStep => ANALYSIS_PIPELINE.find((s) => s.outcome === outcome)!;

const rolesWhere = <R extends AnalysisRole>(keep: (s: AnalysisStep) => boolean) => ANALYSIS_PIPELINE.filter(keep).map((s) => s.role as R);

/** The outcomes, in the order they are produced (and listed). */
export const OUTCOME_ORDER: Outcome[] = ANALYSIS_PIPELINE.flatMap((s) => (s.outcome ? [s.outcome] : []));

/** The outcomes the standard QA workflow produces: a composed workflow's defaults. */
export const STANDARD_OUTCOMES: Outcome[] = ANALYSIS_PIPELINE.flatMap((s) => (s.outcome && s.standard ? [s.outcome] : []));

/** The intake's functions, before any outcome. */
export const INTAKE_ROLES: AnalysisRole[] = rolesWhere((s) => !s.outcome);

/** The parts kept in a QA record's provenance, in pipeline order. */
export const RECORDED_PARTS: RecordedPart[] = rolesWhere<RecordedPart>((s) => s.kept !== null);

/** The parts kept in the generic store (`analyses[role]`), in pipeline order. */
export const GENERIC_PARTS: RecordedPart[] = rolesWhere<RecordedPart>((s) => s.kept === 'analyses');

/** The functions a Companion's call review runs, in order. */
export const REVIEW_ROLES: ReviewRole[] = rolesWhere<ReviewRole>((s) => s.review);

/** The envelope recognisers, most specific shape first (lib/qa-parts.ts). */
export const PART_SHAPES: ReadonlyArray<{ part: QaPart; is: (data: Record<string, unknown>) => boolean }> = ANALYSIS_PIPELINE.flatMap(
  (s) => (s.envelope ? [{ part: s.role as QaPart, precedence: s.envelope.precedence, is: s.envelope.is }] : []),
).sort((a, b) => a.precedence - b.precedence);

/** The words for each outcome in chat (lib/nl/outcomes.ts), in pipeline order. */
export const OUTCOME_WORDS: ReadonlyArray<[Outcome, RegExp]> = ANALYSIS_PIPELINE.flatMap((s) =>
  s.outcome && s.said ? [[s.outcome, s.said.words] as [Outcome, RegExp]] : [],
);

/** The phrases that name an outcome, read as one word. */
export const OUTCOME_PHRASES: readonly string[] = ANALYSIS_PIPELINE.flatMap((s) => s.said?.phrases ?? []);

/** The plain nouns that name a function ('sentiment', 'scores'): never a person's name nor a product's. */
export const FUNCTION_NAMES: readonly string[] = ANALYSIS_PIPELINE.flatMap((s) => s.said?.names ?? []);
