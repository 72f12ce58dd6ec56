import type { Outcome, OutcomeChange } from '../../../../lib/nl/index.ts';
import { analysisBindings, type Binding } from '../analysis/bindings.ts';
import { chain, inputSchema, intakePlans, RULE_SET_PATH, skillImports, taskState, type Composed, type Meta } from './compose.ts';
import type { Role, SkillSummary, Skillset } from './skills.ts';

/**
 * Composition from what is asked (issue 15): the outcomes a user wants of their calls —
 * transcripts, speaker turns, segments, sentiment, compliance verdicts, scores — mapped to the
 * functions that produce them (ROLE_OF), whose skills come from the catalog (search and
 * reliability, build-flow.ts discoverSkills); the states are chained by what each consumes.
 *
 * Dependencies come from the skills themselves: an outcome whose chosen skill REQUIRES an input
 * that another outcome produces (the scorecard's `sentiment_report` and `compliance_verdicts`)
 * brings that outcome back in, and the Planner says so ("the scorecard needs sentiment, so I kept
 * it"). Everything composed is validated with validate_workflow before it is saved or run.
 */
export const QA_DEFAULT_OUTCOMES: Outcome[] = ['transcript', 'sentiment', 'compliance', 'score'];

export const ROLE_OF: Record<Outcome, Role> = {
  transcript: 'transcription',
  speaker_turns: 'diarization',
  segments: 'segmentation',
  sentiment: 'sentiment',
  compliance: 'compliance',
  score: 'scoring',
};

const LABEL: Record<Outcome, string> = {
  transcript: 'transcript',
  speaker_turns: 'speaker turns',
  segments: 'segments',
  sentiment: 'sentiment',
  compliance: 'compliance verdicts',
  score: 'QA score',
};
export const outcomeLabel = (o: Outcome) => LABEL[o];

/** The order outcomes are produced in (and listed). */
const ORDER: Outcome[] = ['transcript', 'speaker_turns', 'segments', 'sentiment', 'compliance', 'score'];

/** What the scorecard consumes: the outcomes whose data a scoring binding reads. */
const CONSUMES: Partial<Record<Outcome, Array<{ outcome: Outcome; match: RegExp }>>> = {
  score: [
    { outcome: 'sentiment', match: /sentiment/ },
    { outcome: 'compliance', match: /compliance|verdict/ },
  ],
};

/** The default outcomes with the user's change applied; the transcript is always produced (everything reads it). */
export function outcomeSet(change: OutcomeChange | undefined, defaults: Outcome[] = QA_DEFAULT_OUTCOMES): Outcome[] {
  let set = change?.only ? [...change.only] : [...defaults.filter((o) => !change?.remove.includes(o)), ...(change?.add ?? [])];
  set = [...new Set(['transcript' as Outcome, ...set])];
  return ORDER.filter((o) => set.includes(o));
}

export const isDefault = (outcomes: Outcome[]) =>
  outcomes.length === QA_DEFAULT_OUTCOMES.length && QA_DEFAULT_OUTCOMES.every((o) => outcomes.includes(o));

/** The functions (roles) the outcomes need: the intake, then one per outcome. */
export const rolesFor = (outcomes: Outcome[]): Role[] => ['applications', 'recordings', ...outcomes.map((o) => ROLE_OF[o])];

/**
 * The outcomes completed with what the chosen skills require: `added` says which outcome was
 * brought back for which (e.g. sentiment for the score).
 */
export function completeOutcomes(
  outcomes: Outcome[],
  skillOf: (o: Outcome) => SkillSummary | undefined,
): { outcomes: Outcome[]; added: Array<{ outcome: Outcome; for: Outcome }> } {
  const added: Array<{ outcome: Outcome; for: Outcome }> = [];
  const set = new Set(outcomes);
  for (const o of outcomes) {
    const skill = skillOf(o);
    for (const need of CONSUMES[o] ?? []) {
      if (set.has(need.outcome)) continue;
      const required = skill?.tools.some((t) => t.required.some((r) => need.match.test(r))) ?? true;
      if (required) {
        set.add(need.outcome);
        added.push({ outcome: need.outcome, for: o });
      }
    }
  }
  return { outcomes: ORDER.filter((o) => set.has(o)), added };
}

export function composedName(outcomes: Outcome[]): string {
  if (isDefault(outcomes)) return 'Standard Advice Call Analysis';
  return (
    'Advice Call Analysis ' +
    `(${
      outcomes
        .filter((o) => o !== 'transcript')
        .map(outcomeLabel)
        .join(', ') || 'transcripts only'
    })`
  );
}

type Skills = Partial<Record<Role, SkillSummary>>;
type State = Record<string, unknown>;

function task(
  name: string,
  role: Role,
  comment: string,
  bindings: Binding[],
  resultPath: string,
  skills: Skills,
): { ok: true; state: State } | { ok: false; error: string } {
  const skill = skills[role];
  if (!skill) return { ok: false, error: `no skill found for ${role}` };
  return taskState({ name, role, comment, bindings, resultPath }, skill, null);
}

/**
 * A workflow that produces `outcomes` for one advisor's calls in a period
 * (a single-call pilot, like the standard one). `taxonomy`: the segment labels of the lender's rule
 * set (describe_rule_set), needed when the segments are asked for.
 */
export function composeOutcomes(outcomes: Outcome[], skills: Skills, skillset: Skillset, meta: Meta, taxonomy?: string[]): Composed {
  const text = '$.transcript.data.text';
  const blocks: Array<[string, State]> = [];
  const add = (name: string, s: { ok: true; state: State } | { ok: false; error: string }) => {
    if (!s.ok) return s.error;
    blocks.push([name, s.state]);
    return null;
  };
  const errors: Array<string | null> = [];
  if (outcomes.includes('speaker_turns')) {
    errors.push(
      add(
        'DiarizeTranscript',
        task(
          'DiarizeTranscript',
          'diarization',
          'Separate the speakers (speaker turns).',
          [{ match: /transcript|text/, path: text }],
          '$.speaker_turns',
          skills,
        ),
      ),
    );
  }
  if (outcomes.includes('segments')) {
    if (!taxonomy?.length) return { ok: false, error: "the segments need a taxonomy, and the lender's rule set gives no segment labels" };
    const b = [
      { match: /transcript|text/, path: text },
      { match: /taxonomy|labels|categories/, value: taxonomy },
    ];
    errors.push(
      add(
        'SegmentAndLabel',
        task('SegmentAndLabel', 'segmentation', 'Label the conversation with the call taxonomy.', b, '$.segments', skills),
      ),
    );
  }
  const sentiment = outcomes.includes('sentiment')
    ? task(
        'SentimentAnalysis',
        'sentiment',
        'Assess overall sentiment and highlight issues.',
        analysisBindings.sentiment(text),
        '$.sentiment',
        skills,
      )
    : null;
  const compliance = outcomes.includes('compliance')
    ? task(
        'ComplianceAnalysis',
        'compliance',
        'Check the transcript against the standard script (compliance rules).',
        analysisBindings.compliance(text, RULE_SET_PATH),
        '$.compliance',
        skills,
      )
    : null;
  for (const s of [sentiment, compliance]) if (s && !s.ok) return s;
  const both = sentiment?.ok && compliance?.ok;
  if (both) {
    blocks.push([
      'ParallelAnalysis',
      {
        Type: 'Parallel',
        Branches: [
          { StartAt: 'SentimentAnalysis', States: { SentimentAnalysis: sentiment.state } },
          { StartAt: 'ComplianceAnalysis', States: { ComplianceAnalysis: compliance.state } },
        ],
        ResultSelector: { 'sentiment.$': '$[0].sentiment', 'compliance.$': '$[1].compliance' },
        ResultPath: '$.analysis',
      },
    ]);
  } else {
    if (sentiment?.ok) blocks.push(['SentimentAnalysis', sentiment.state]);
    if (compliance?.ok) blocks.push(['ComplianceAnalysis', compliance.state]);
  }
  if (outcomes.includes('score')) {
    const at = both ? '$.analysis' : '$';
    const b = analysisBindings.scoring(`${at}.sentiment.data`, `${at}.compliance.data.verdicts`);
    errors.push(
      add(
        'CalculateScore',
        task('CalculateScore', 'scoring', 'Combine the outcomes into the QA score (the existing QA scorecard).', b, '$.qa_score', skills),
      ),
    );
  }
  const error = errors.find(Boolean);
  if (error) return { ok: false, error };
  const intake = chain(intakePlans({ byAdvisor: true }), skills, blocks[0]?.[0] ?? null);
  if (!intake.ok) return intake;
  const states: Record<string, State> = { ...(intake.states as Record<string, State>) };
  blocks.forEach(([name, s], i) => {
    const nextName = blocks[i + 1]?.[0];
    const { End: _end, Next: _next, ...rest } = s;
    states[name] = nextName ? { ...rest, Next: nextName } : { ...rest, End: true };
  });
  const standard = isDefault(outcomes);
  const produced = outcomes.map(outcomeLabel).join(', ');
  return {
    ok: true,
    doc: {
      workflow_schema_version: '2.2.0',
      workflow_id: meta.workflow_id,
      workflow_name: composedName(outcomes),
      description: standard
        ? 'Analyse advisor call recordings for compliance, sentiment, and QA scoring.'
        : `Analyse an advisor's call recordings for: ${produced}.`,
      version: '1.0.0',
      created_at: meta.created_at,
      author: meta.author,
      tags: standard ? ['qa', 'advisor_quality', 'compliance'] : ['qa', 'advisor_quality', ...outcomes.map((o) => `outcome:${o}`)],
      workflow_input_schema: inputSchema(true),
      skill_imports: skillImports(
        Object.values(skills).filter((s): s is SkillSummary => !!s),
        skillset,
      ),
      asl: {
        Comment: standard
          ? 'Salesforce lookup → recording retrieval → transcription → parallel sentiment/compliance → scoring'
          : 'Salesforce lookup → recording retrieval → transcription → ' + `${blocks.map(([n]) => n).join(' → ') || 'end'}`,
        StartAt: 'GetApplicationIDs',
        Version: '1.0',
        States: states,
      },
    },
  };
}
