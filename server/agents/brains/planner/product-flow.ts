import type { BrainDecision } from '../brain.ts';
import { refineIntoProductCheck, retargetProductCheck, targetsProduct, productOfWorkflow } from './adapt.ts';
import { bindingsOf, choiceNotes, discoverSkills, newMeta, reliabilityNote, validateAndSave, type Saved, type Step } from './build-flow.ts';
import { composeProductExplanationCheck, productLabelsGap, productMeta, type SegmentLabels } from './compose.ts';
import { readRuleSet } from '../analysis/rule-set.ts';
import { MAX_STEPS_PER_TURN, type PlannerContext } from './context.ts';
import { QUESTION_MARKERS } from './conversation.ts';
import type { DateRange } from '../../../../lib/relative-dates.ts';
import { describeRange } from './intent.ts';
import { ukDayRange } from '../../../../lib/uk-time.ts';
import { candidatesOf, latestVersions, type Candidate } from './qa-flow.ts';
import { productReport, type RunView } from './report.ts';
import { scalePilot } from './scale-flow.ts';
import { runSaved } from './run-flow.ts';
import type { Role, SkillSummary } from './skills.ts';
import { FIND, RUN, type PlannerFlowEntry } from './flow-steps.ts';

/**
 * Scenario 2 (spec §3): is the advisors' explanation of a product compliant? The Planner looks for
 * the closest cousin among saved workflows (find_closest_workflow with diarization +
 * segmentation), reads it and its lineage, and proposes: run it as it is (it already targets the
 * product), Case B (a derived check for another product: retarget it), Case A (only the
 * foundational analysis: refine it), or compose one from skills. On "yes" it builds, validates,
 * saves the new workflow as REFINEMENT_OF its template, runs it and reports.
 */
/** The product resolved against the CRM's products (or null: not named yet). */
interface ProductRequest {
  product: string | null;
  range: DateRange | null;
}

export const PRODUCT_QUERY = 'compliance check for advisor product explanation';
export const PRODUCT_CAPABILITIES = ['diarization', 'segmentation', 'compliance'];
const COMPOSE_ROLES = [
  'applications',
  'recordings',
  'transcription',
  'diarization',
  'segmentation',
  'compliance',
] as const satisfies readonly Role[];

type Plan =
  | {
      case: 'reuse' | 'retarget' | 'refine';
      template: Candidate;
      doc: Record<string, unknown>;
      parentName: string | null;
    }
  | { case: 'compose' };

/** Search, rank, read the template and its lineage; the plan once everything is known. */
function plan(ctx: PlannerContext, req: ProductRequest): { done: true; plan: Plan } | { done: false; decision: BrainDecision } {
  const search = ctx.find('search_embeddings', (a) => a.query === PRODUCT_QUERY);
  const closest = ctx.has('find_closest_workflow') ? ctx.find('find_closest_workflow', (a) => a.query === PRODUCT_QUERY) : null;
  const calls: Array<[string, Record<string, unknown>]> = [];
  if (!search) calls.push(['search_embeddings', { query: PRODUCT_QUERY, kinds: ['workflow'], limit: 5 }]);
  if (ctx.has('find_closest_workflow') && !closest) {
    calls.push(['find_closest_workflow', { query: PRODUCT_QUERY, capabilities: PRODUCT_CAPABILITIES }]);
  }
  if (calls.length) {
    return {
      done: false,
      decision: ctx.call(
        calls,
        `Intent → compliance of the advisors' explanation of ${req.product} ` +
          `(all advisors, ${ukDayRange(req.range!.start_date, req.range!.end_date)}). ` +
          `Plan (at most ${MAX_STEPS_PER_TURN} tool steps a turn): ` +
          'find the closest cousin, read it and its lineage, propose; ' +
          'on "yes" adapt → validate → save as REFINEMENT_OF → health check → run → report. ' +
          'Stage 1, candidate retrieval: semantic search in workflow memory; ' +
          'rank saved workflows by the capabilities this needs ' +
          "(diarization + segmentation to isolate the advisor's product explanation, compliance).",
      ),
    };
  }
  if (!search!.ok) return { done: false, decision: ctx.failed(search!, 'search the workflow catalog') };
  if (closest && !closest.ok) return { done: false, decision: ctx.failed(closest, 'rank the saved workflows') };
  const cands = latestVersions(candidatesOf(closest?.result));
  const top = cands[0];
  const full = top && top.coverage === 1 ? top : null;
  // Case A: the foundational analysis (it has compliance and the intake steps to build on).
  const foundational =
    cands.find((c) => !c.derived_from && c.covered.includes('capability compliance')) ??
    cands.find((c) => c.covered.includes('capability compliance')) ??
    null;
  const template = full ?? foundational;
  if (!template) return { done: true, plan: { case: 'compose' } };

  const read = ctx.find('get_saved_workflow', (a) => a.workflow_id === template.workflow_id && a.version === template.version);
  const lineage = ctx.has('get_workflow_lineage') ? ctx.find('get_workflow_lineage', (a) => a.workflow_id === template.workflow_id) : null;
  const more: Array<[string, Record<string, unknown>]> = [];
  if (!read) more.push(['get_saved_workflow', { workflow_id: template.workflow_id, version: template.version }]);
  if (ctx.has('get_workflow_lineage') && !lineage) {
    more.push(['get_workflow_lineage', { workflow_id: template.workflow_id, runs_per_version: 0 }]);
  }
  if (more.length) {
    return {
      done: false,
      decision: ctx.call(
        more,
        `Candidates: ${cands
          .slice(0, 3)
          .map((c) => `«${c.name}» v${c.version} (${c.reason})`)
          .join('; ')}. ` +
          `Stage 2, candidate analysis: read ${full ? 'the closest cousin' : 'the foundational workflow'} ` +
          `«${template.name}» and its lineage in the knowledge graph.`,
      ),
    };
  }
  if (!read!.ok) return { done: false, decision: ctx.failed(read!, `read «${template.name}»`) };
  const doc = read!.result!.document as Record<string, unknown>;
  const parentId = template.derived_from?.split('@')[0];
  const nodes = (lineage?.ok && Array.isArray(lineage.result?.nodes) ? lineage.result.nodes : []) as Array<{
    workflow_id: string;
    name: string;
  }>;
  const parentName = parentId
    ? (nodes.find((n) => n.workflow_id === parentId)?.name ?? cands.find((c) => c.workflow_id === parentId)?.name ?? null)
    : null;
  const kind = !full ? 'refine' : targetsProduct(doc, req.product!) ? 'reuse' : 'retarget';
  return { done: true, plan: { case: kind, template, doc, parentName } };
}

/** Turn 1 (spec §3.1 turn 2): find the starting point and propose what to do with it. */
export function productPropose(ctx: PlannerContext, req: ProductRequest): BrainDecision {
  const gaps = [!req.product ? 'which product' : null, !req.range ? 'which period (e.g. “since the start of the month”)' : null].filter(
    Boolean,
  );
  if (gaps.length) {
    return ctx.say(
      `I can check how advisors explain a product in their calls. ${QUESTION_MARKERS.ask_details} ` +
        `${gaps.join(' and ')} I should look at?`,
      `Product-explanation check, but the request lacks ${gaps.join(' and ')}.`,
    );
  }
  const p = plan(ctx, req);
  if (!p.done) return p.decision;
  const period = `every advisor's calls ${describeRange(req.range!)}`;
  const pilot = 'As a pilot it analyses the first call of the period.';
  const pl = p.plan;
  if (pl.case === 'compose') {
    return ctx.say(
      `I have no workflow for this yet. ${QUESTION_MARKERS.propose_compose} one from the skills in the catalog — ` +
        'find the applications and recordings of the period, transcribe, separate the speakers (diarization), ' +
        'label the conversation (segmentation) and check compliance only where the advisor explains ' +
        `${req.product} — and run it on ${period}? ${pilot}`,
      'No saved workflow covers this (capability gap): propose composing one from skills.',
    );
  }
  const family = pl.parentName ? `, a refinement of «${pl.parentName}»` : '';
  if (pl.case === 'reuse') {
    return ctx.say(
      `I already have a workflow for exactly this: «${pl.template.name}» v${pl.template.version}${family}. ` +
        "It isolates the advisor's speech (diarization), labels the product parts (segmentation) " +
        `and checks compliance only on the ${req.product} explanation. ` +
        `${QUESTION_MARKERS.propose_reuse} on ${period}? ${pilot}`,
      `Closest cousin «${pl.template.name}» has ${pl.template.covered.join(', ')} ` +
        `and already targets ${req.product}: reuse it as it is rather than saving a duplicate.`,
    );
  }
  if (pl.case === 'retarget') {
    const old = productOfWorkflow(pl.doc) ?? 'another product';
    return ctx.say(
      'I have a reusable Advice Call Analysis workflow family. ' +
        `The closest match is «${pl.template.name}» v${pl.template.version}${family}: ` +
        "it already isolates the advisor's speech (diarization) and the product parts (segmentation) " +
        `for ${old}. ${QUESTION_MARKERS.propose_adapt} to ${req.product} — only the product it targets changes — ` +
        `and run a compliance check just on the product explanation in ${period}? ${pilot}`,
      'Case B: the derived workflow already contains diarization and segmentation, ' +
        'so it is a closer starting point than the foundational one; ' +
        'only its parameters (the target product) change.',
    );
  }
  return ctx.say(
    `I have a reusable Advice Call Analysis workflow («${pl.template.name}» v${pl.template.version}). ` +
      `${QUESTION_MARKERS.propose_adapt} to isolate the advisor's product explanation ` +
      'and run a compliance check just on that section? ' +
      'I would keep its application, recording and transcription steps (for all advisors), ' +
      'add diarization and segmentation, and replace sentiment and scoring with a compliance check ' +
      `on the ${req.product} explanation, for ${period}. ${pilot}`,
    `Case A: candidate «${pl.template.name}» (v${pl.template.version}) is foundational; ` +
      `it lacks ${pl.template.missing.join(', ') || 'nothing'}. ` +
      "Need diarization + segmentation to isolate the advisor's speech.",
  );
}

/** After "yes" (spec §3.1 turn 3 → §3.3): build as planned, validate, save (REFINEMENT_OF), run, report. */
export function productWork(ctx: PlannerContext, req: ProductRequest, healing: 'yes' | 'no' | null): BrainDecision {
  if (!req.product || !req.range) return productPropose(ctx, req);
  const p = plan(ctx, req);
  if (!p.done) return p.decision;
  const pl = p.plan;
  const input = { start_date: req.range.start_date, end_date: req.range.end_date };
  const offer = `If the pilot looks good, I can run the check on every call of the period. ${QUESTION_MARKERS.scale}`;
  const run = (
    s: { workflow_id: string; version: string; name: string; doc?: Record<string, unknown> | null },
    intro: string[],
    built = false, // saved by this Planner just now: a draft, run as a test run (issue 28)
  ) =>
    runSaved(ctx, {
      ...s,
      input,
      purpose: `the ${req.product} explanation check`,
      healing,
      intro,
      report: (v) => productReport(v, req.product!),
      offer,
      built,
    });

  if (pl.case === 'reuse') {
    return run({ workflow_id: pl.template.workflow_id, version: pl.template.version, name: pl.template.name, doc: pl.doc }, [
      `I ran «${pl.template.name}» v${pl.template.version} as it is: ` + `it already checks the ${req.product} explanation.`,
    ]);
  }
  const name = productMeta(req.product).workflow_name;
  let built: ReturnType<typeof validateAndSave>;
  let how: string[];
  if (pl.case === 'retarget') {
    built = validateAndSave(ctx, name, () => retargetProductCheck(pl.doc, req.product!, newMeta(ctx)), {
      parent: { workflow_id: pl.template.workflow_id, version: pl.template.version, relation: 'REFINEMENT_OF' },
      note: `Retargeted from «${pl.template.name}» to ${req.product} (only the target product changes).`,
      why:
        `Case B: use «${pl.template.name}» as the template; diarization and segmentation are already present; ` +
        'only the parameters naming the product change.',
    });
    how = [
      `I adapted «${pl.template.name}» v${pl.template.version} to ${req.product}: ` +
        'its steps stay as they are, only the product it targets changes.',
    ];
  } else if (pl.case === 'refine') {
    const found = discoverSkills(
      ctx,
      ['diarization', 'segmentation'],
      'Case A: insert diarization and segmentation into the foundational workflow.',
    );
    if (!found.done) return found.decision;
    const diar = found.value.choices.diarization!.chosen;
    const rel = ctx.find('get_skill_reliability', (a) => a.skill === diar.uri);
    if (!rel && ctx.has('get_skill_reliability')) {
      return ctx.call(
        [['get_skill_reliability', { skill: diar.uri }]],
        `Diarization: ${diar.uri}. Check its success rate in the knowledge graph before inserting it.`,
      );
    }
    const seg = found.value.choices.segmentation!.chosen;
    const taxonomy = productTaxonomy(ctx, req.product);
    if (!taxonomy.done) return taxonomy.decision;
    built = validateAndSave(
      ctx,
      name,
      () =>
        refineIntoProductCheck(
          pl.doc,
          { diarization: diar, segmentation: seg },
          found.value.skillset,
          req.product!,
          newMeta(ctx),
          taxonomy.value,
        ),
      {
        parent: { workflow_id: pl.template.workflow_id, version: pl.template.version, relation: 'REFINEMENT_OF' },
        note:
          `Refined «${pl.template.name}» into a ${req.product} explanation check: all advisors, ` +
          'added diarization + segmentation, removed sentiment/scoring, ' +
          `compliance on ${taxonomy.value.product.join(' and ')} only.`,
        why:
          `Case A: template «${pl.template.name}». Remove the advisor filter; ` +
          'keep GetCallRecordings and TranscribeRecording; ' +
          `insert DiarizeTranscript (${diar.uri}; ${reliabilityNote(ctx, diar.uri)}) ` +
          `and SegmentAndLabel (${seg.uri}); ` +
          'replace ParallelAnalysis and CalculateScore with one targeted compliance check.',
      },
    );
    how = [
      `I refined «${pl.template.name}» v${pl.template.version}: all advisors instead of one, ` +
        `diarization (${diar.skillName}) and segmentation (${seg.skillName}) added, ` +
        `sentiment and scoring replaced by a compliance check on the ${taxonomy.value.product.join(' and ')} segments only.`,
      ...choiceNotes(found.value),
    ];
  } else {
    const gap = ctx.find('store_memory', (a) => a.kind === 'capability_gap');
    if (!gap && ctx.has('store_memory')) {
      const summary =
        `Product explanation compliance capability missing (${req.product}); ` +
        'need to orchestrate Salesforce lookup, recording fetch, transcription, diarization, segmentation, ' +
        'targeted compliance.';
      return ctx.call(
        [
          [
            'store_memory',
            {
              kind: 'capability_gap',
              text: summary,
              tags: ['qa', 'product_training', 'capability:new'],
              metadata: { type: 'capability_gap', summary, product: req.product },
            },
          ],
        ],
        'No saved workflow to adapt: a capability gap. Record it, then compose from skills.',
      );
    }
    const found = discoverSkills(ctx, [...COMPOSE_ROLES], 'Compose the product-explanation check from skills.');
    if (!found.done) return found.decision;
    const skills = Object.fromEntries(COMPOSE_ROLES.map((r) => [r, found.value.choices[r]!.chosen])) as Record<
      (typeof COMPOSE_ROLES)[number],
      SkillSummary
    >;
    const taxonomy = productTaxonomy(ctx, req.product);
    if (!taxonomy.done) return taxonomy.decision;
    const labels = taxonomy.value;
    built = validateAndSave(
      ctx,
      name,
      () => composeProductExplanationCheck(skills, found.value.skillset, req.product!, newMeta(ctx), labels),
      {
        note: `Composed by the Planner for a ${req.product} explanation check.`,
        why: `Skills selected: ${COMPOSE_ROLES.map((r) => `${r} → ${skills[r].uri}`).join(', ')}.`,
      },
    );
    how = [`I composed a new workflow from the catalog's skills.`, ...choiceNotes(found.value)];
  }
  if (!built.done) return built.decision;
  const s: Saved = built.value;
  const chain = bindingsOf(s.doc)
    .map((b) => `${b.state} → ${b.skill.replace('skill://', '')}`)
    .join(', ');
  const lineage = pl.case === 'compose' ? '' : ` as a REFINEMENT_OF «${pl.template.name}» v${pl.template.version}`;
  return run(s, [...how, `It validated and is saved${lineage}: «${s.name}» v${s.version} (id \`${s.workflow_id}\`) — ${chain}.`], true);
}

/**
 * The segmentation taxonomy of a product check: the lender's rule set's own labels (the CRM names the rule set, the
 * compliance skill describes it), which must tell the product-related segments apart; else said plainly, nothing built.
 */
function productTaxonomy(ctx: PlannerContext, product: string): Step<SegmentLabels> {
  const purpose = `label the segments of the ${product} explanation check`;
  const described = readRuleSet(ctx, purpose, product);
  if (!described.done) return described;
  const labels = { taxonomy: described.value.labels, product: described.value.productLabels };
  const gap = productLabelsGap(labels, described.value.rule_set_id, product);
  if (gap)
    return { done: false, decision: ctx.say(`I cannot build the ${product} explanation check: ${gap}.`, `No product parts: ${gap}.`) };
  return { done: true, value: labels };
}

/** "Yes" to scaling the product check's pilot: the pilot refined to every call of the period, saved and run. */
export function productScale(ctx: PlannerContext, req: ProductRequest, healing: 'yes' | 'no' | null): BrainDecision {
  if (!req.product || !req.range) return productPropose(ctx, req);
  const input = { start_date: req.range.start_date, end_date: req.range.end_date };
  const base = {
    input,
    purpose: `the ${req.product} explanation check of every call`,
    healing,
    report: (v: RunView) => productReport(v, req.product!),
    offer: null,
  };
  return scalePilot(ctx, base, `every advisor's calls ${describeRange(req.range)}`);
}

/** Flow `product_work` (entered by productGo after "yes"): reuse or adapt the closest product check, then run it. */
export const PRODUCT_WORK_FLOW: PlannerFlowEntry = {
  forecast: [
    ...FIND('the product check'),
    { tool: 'get_saved_workflow', why: 'Read the workflow to reuse or adapt to this product.' },
    { tool: 'validate_workflow', why: "Check the adapted document against Letta-ASL and the skills' schemas." },
    { tool: 'save_workflow', why: 'Save the adaptation as a refinement of the workflow it came from.' },
    ...RUN.slice(1),
  ],
};

/** Flow `product_scale` (entered by productGo on "yes" to the scale offer): the pilot check scaled to every call. */
export const PRODUCT_SCALE_FLOW: PlannerFlowEntry = {
  forecast: [
    { tool: 'get_saved_workflow', why: 'Read the pilot product check, to scale it to every call of the period.' },
    { tool: 'validate_workflow', why: "Check the scaled document against Letta-ASL and the skills' schemas." },
    { tool: 'save_workflow', why: 'Save the scaled check as a refinement of the pilot.' },
    ...RUN.slice(2),
  ],
};
