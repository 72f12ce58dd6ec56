import {
  analysisBindings,
  ANALYSIS_PIPELINE,
  RULE_SET_INPUT,
  stepOfOutcome,
  type Binding,
  type PipelineInputs,
} from '../../../../lib/analysis/index.ts';
import { importOf, type Role, type SkillSummary, type Skillset } from './skills.ts';

export { SCORING_FORMULA } from '../../../../lib/analysis/index.ts';

/** Where a composed workflow reads the lender's rule set: its run input, filled from the CRM when a start leaves it out. */
export const RULE_SET_PATH = `$.${RULE_SET_INPUT}`;

/**
 * Composing Letta-ASL v2.2.0 workflows from discovered skills (spec §2.2 step 4, §2.3, §3.3).
 * The Planner knows the *shape* of the analysis (which function feeds which) and the platform's
 * data conventions — a Task's ResultPath holds the skill's data-plane envelope, so the next state
 * reads `$.<result>.data.<field>` (workflows/README.md) — but not the skills' parameter names:
 * those come from each manifest's tool (get_skillset), matched by what each parameter is for.
 */
export const WORKER_TEMPLATE = { name: 'agent_template_worker', version: '1.0.0' } as const;
/**
 * The labels a product-explanation check works with, both the lender's rule set's own (describe_rule_set with the product,
 * analysis/rule-set.ts): the taxonomy a call's segments are labelled with, and the parts where the product is explained — the
 * labels of the rules whose condition its name meets — which the check evaluates (spec §3.3: "the product-related segments only").
 */
export interface SegmentLabels {
  taxonomy: string[];
  product: string[];
}

/** Why the rule set cannot serve a product-explanation check of `product` (no rule about it, so no part to check), or null. */
export function productLabelsGap(labels: SegmentLabels, ruleSetId: string, product: string): string | null {
  if (labels.product.length && labels.product.every((l) => labels.taxonomy.includes(l))) return null;
  return (
    `the rule set ${ruleSetId} has no rule about ${product}, ` +
    `so the parts of a call where it is explained (among ${labels.taxonomy.join(', ') || 'no labels'}) cannot be told apart`
  );
}
/** Arguments the run supplies to a skill by itself (server/execution/webhook.ts), never bound in Parameters. */
const RUN_CONTEXT_ARGS = new Set(['webhook_url']);

export interface StatePlan {
  name: string;
  role: Role;
  comment: string;
  bindings: Binding[];
  resultPath: string;
}

export type Composed = { ok: true; doc: Record<string, unknown> } | { ok: false; error: string };

/** Parameters for the skill's tool that best fits the bindings; every required parameter must be bound. */
export function bindParameters(
  skill: SkillSummary,
  bindings: Binding[],
): { ok: true; tool: string; parameters: Record<string, unknown> } | { ok: false; error: string } {
  let best: { tool: string; parameters: Record<string, unknown>; unbound: string[]; bound: number } | null = null;
  for (const tool of skill.tools) {
    const parameters: Record<string, unknown> = {};
    const used = new Set<Binding>();
    for (const p of tool.parameters) {
      if (RUN_CONTEXT_ARGS.has(p)) continue;
      const b = bindings.find((x) => !used.has(x) && x.match.test(p));
      if (!b) continue;
      used.add(b);
      if (b.path !== undefined) parameters[`${p}.$`] = b.path;
      else parameters[p] = b.value;
    }
    const unbound = tool.required.filter((r) => !RUN_CONTEXT_ARGS.has(r) && !(r in parameters) && !(`${r}.$` in parameters));
    const bound = Object.keys(parameters).length;
    if (!best || unbound.length < best.unbound.length || (unbound.length === best.unbound.length && bound > best.bound)) {
      best = { tool: tool.name, parameters, unbound, bound };
    }
  }
  if (!best) return { ok: false, error: `${skill.uri} declares no tool` };
  if (best.unbound.length) {
    return {
      ok: false,
      error: `${skill.uri} (${best.tool}) requires ${best.unbound.join(', ')}, which this workflow cannot supply`,
    };
  }
  return { ok: true, tool: best.tool, parameters: best.parameters };
}

export function taskState(
  plan: StatePlan,
  skill: SkillSummary,
  next: string | null,
): { ok: true; state: Record<string, unknown> } | { ok: false; error: string } {
  const bound = bindParameters(skill, plan.bindings);
  if (!bound.ok) return bound;
  return {
    ok: true,
    state: {
      Type: 'Task',
      Comment: plan.comment,
      AgentBinding: { agent_template_ref: { ...WORKER_TEMPLATE }, skills: [skill.uri] },
      Parameters: bound.parameters,
      ResultPath: plan.resultPath,
      ...(next ? { Next: next } : { End: true }),
    },
  };
}

/**
 * The common steps (the analysis registry, lib/analysis/functions.ts, up to the transcript): applications in the range (of one
 * advisor or all), their recordings, the first recording transcribed (the pilot).
 */
export function intakePlans(opts: { byAdvisor: boolean }): StatePlan[] {
  const inputs: PipelineInputs = {
    advisor: opts.byAdvisor ? '$.advisor_name' : undefined,
    start: '$.start_date',
    end: '$.end_date',
    applicationIds: '$.applications.data.ids',
    recordingUri: '$.recordings.data.recordings[0].uri',
    text: '$.transcript.data.text',
    ruleSet: RULE_SET_PATH,
    resultOf: (o) => `$.${stepOfOutcome(o).result}`,
  };
  const upTo = ANALYSIS_PIPELINE.indexOf(stepOfOutcome('transcript'));
  return ANALYSIS_PIPELINE.slice(0, upTo + 1).map((step) => ({
    name: step.state,
    role: step.role,
    comment:
      step.role === 'applications' && !opts.byAdvisor ? 'Find every loan application over the date range (all advisors).' : step.comment,
    bindings: step.bind(inputs),
    resultPath: `$.${step.result}`,
  }));
}

/**
 * `labels`: the lender's rule set's taxonomy and product parts (describe_rule_set); `ruleSet`: the rule set's JSONPath (a run
 * input), or the literal binding a saved base workflow already had.
 */
export function productPlans(transcriptText: string, labels: SegmentLabels, ruleSet: string | Binding = RULE_SET_PATH): StatePlan[] {
  const [, rule] = analysisBindings.compliance(transcriptText, ruleSet);
  return [
    {
      name: 'DiarizeTranscript',
      role: 'diarization',
      comment: "Isolate the advisor's speech.",
      bindings: [
        { match: /transcript|text/, path: transcriptText },
        { match: /speaker/, value: 'advisor' },
      ],
      resultPath: '$.advisor_segments',
    },
    {
      name: 'SegmentAndLabel',
      role: 'segmentation',
      comment: "Label the advisor's speech with the call taxonomy.",
      bindings: [
        { match: /transcript|text/, path: '$.advisor_segments.data.text' },
        { match: /taxonomy|labels|categories/, value: labels.taxonomy },
      ],
      resultPath: '$.labelled_segments',
    },
    {
      name: 'TargetedComplianceAnalysis',
      role: 'compliance',
      comment: 'Evaluate compliance on the product-related segments only.',
      bindings: [
        { match: /^segments$|segment/, path: '$.labelled_segments.data.segments' },
        { match: /allowed|label/, value: labels.product },
        rule!,
        { match: /transcript|text/, path: '$.advisor_segments.data.text' },
      ],
      resultPath: '$.compliance',
    },
  ];
}

export function inputSchema(byAdvisor: boolean) {
  return {
    type: 'object',
    properties: {
      ...(byAdvisor ? { advisor_name: { type: 'string' } } : {}),
      start_date: { type: 'string', format: 'date' },
      end_date: { type: 'string', format: 'date' },
      [RULE_SET_INPUT]: {
        type: 'string',
        minLength: 1,
        description:
          "The compliance rule set the calls are checked against (the CRM's: list_products' rule_set_id); a start that leaves it out reads it from the CRM.",
      },
    },
    required: [...(byAdvisor ? ['advisor_name'] : []), 'start_date', 'end_date'],
  };
}

export function skillImports(skills: SkillSummary[], skillset: Skillset): Array<{ uri: string }> {
  const seen = new Set<string>();
  return skills.flatMap((s) => {
    const i = importOf(s, skillset);
    if (!i || seen.has(i.uri)) return [];
    seen.add(i.uri);
    return [i];
  });
}

export interface Meta {
  workflow_id: string;
  created_at: string;
  author: string;
}

/** A chain of Task states (each plan's `Next` is the following one). */
export function chain(
  plans: StatePlan[],
  skills: Partial<Record<Role, SkillSummary>>,
  last: string | null,
): { ok: true; states: Record<string, unknown> } | { ok: false; error: string } {
  const states: Record<string, unknown> = {};
  for (const [i, p] of plans.entries()) {
    const skill = skills[p.role];
    if (!skill) return { ok: false, error: `no skill found for ${p.role}` };
    const s = taskState(p, skill, plans[i + 1]?.name ?? last);
    if (!s.ok) return s;
    states[p.name] = s.state;
  }
  return { ok: true, states };
}

/** The name, description and tags of a product-explanation check (spec §3.3). */
export function productMeta(product: string) {
  return {
    workflow_name: `Product Explanation Compliance Check (${product})`,
    description: `Verify advisor delivery of ${product} product details.`,
    tags: ['qa', 'product_training', 'compliance', productTag(product)],
  };
}

export const productTag = (product: string) => `product:${product.toLowerCase().replace(/[^a-z0-9.]+/g, '-')}`;

/**
 * Spec §3.3 composed from skills alone (no workflow to start from): all applications in the range
 * → recordings → transcription → diarization → segmentation (with the rule set's `labels`) → targeted compliance.
 */
export function composeProductExplanationCheck(
  skills: Record<'applications' | 'recordings' | 'transcription' | 'diarization' | 'segmentation' | 'compliance', SkillSummary>,
  skillset: Skillset,
  product: string,
  meta: Meta,
  labels: SegmentLabels,
): Composed {
  const states = chain([...intakePlans({ byAdvisor: false }), ...productPlans('$.transcript.data.text', labels)], skills, null);
  if (!states.ok) return states;
  return {
    ok: true,
    doc: {
      workflow_schema_version: '2.2.0',
      workflow_id: meta.workflow_id,
      ...productMeta(product),
      version: '1.0.0',
      created_at: meta.created_at,
      author: meta.author,
      workflow_input_schema: inputSchema(false),
      skill_imports: skillImports(Object.values(skills), skillset),
      asl: {
        Comment: "Focus on the advisor's narration of product details.",
        StartAt: 'GetApplicationIDs',
        States: states.states,
      },
    },
  };
}
