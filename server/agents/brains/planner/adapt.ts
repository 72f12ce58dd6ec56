import { productMeta, productPlans, productTag, skillImports, taskState, type Composed, type Meta, type SegmentLabels } from './compose.ts';
import { capabilityOf, type SkillSummary, type Skillset } from './skills.ts';
import { isRecord } from '../../../../lib/is-record.ts';
import { allStatesOf } from '../../../engine/asl/state-tree.ts';

/**
 * Adapting a saved workflow (spec §3.2 step 3), as edits of its document rather than a rewrite:
 * Case A refines the foundational analysis into a product-explanation check; Case B reuses a
 * derived check for another product, changing only what names the product.
 */
type Doc = Record<string, unknown>;
type State = Record<string, unknown>;

const boundSkills = (s: State): string[] =>
  isRecord(s.AgentBinding) && Array.isArray(s.AgentBinding.skills)
    ? s.AgentBinding.skills.filter((x): x is string => typeof x === 'string')
    : [];

/** Every state of the document, Parallel branches and Map processors included (the engine's tree walk). */
function allStates(states: unknown): Array<[string, State]> {
  return allStatesOf(states).flatMap((node) => (isRecord(node.value) ? [[node.name, node.value] as [string, State]] : []));
}

/** The top-level states from StartAt following Next, up to and including `last`. */
function chainTo(states: Record<string, State>, start: string, last: string): string[] | null {
  const out: string[] = [];
  let at: string | undefined = start;
  while (at && !out.includes(at)) {
    out.push(at);
    if (at === last) return out;
    const next: unknown = states[at]?.Next;
    at = typeof next === 'string' ? next : undefined;
  }
  return null;
}

/**
 * Case A: the foundational Standard Advice Call Analysis refined into a product-explanation
 * check — keep the intake up to transcription, drop the advisor filter (all advisors), insert
 * diarization and segmentation, and replace the parallel analysis and scoring with one
 * compliance check on the product segments, bound to the compliance skill the base already uses.
 */
export function refineIntoProductCheck(
  base: Doc,
  skills: { diarization: SkillSummary; segmentation: SkillSummary },
  skillset: Skillset,
  product: string,
  meta: Meta,
  labels: SegmentLabels,
): Composed {
  const asl = isRecord(base.asl) ? base.asl : null;
  const states = asl && isRecord(asl.States) ? (asl.States as Record<string, State>) : null;
  if (!asl || !states || typeof asl.StartAt !== 'string') return { ok: false, error: 'the base workflow has no ASL states' };
  const byUri = new Map(skillset.skills.map((s) => [s.uri, s]));
  const capabilityOfState = (s: State) =>
    boundSkills(s)
      .map((u) => byUri.get(u))
      .find(Boolean);
  const top = Object.entries(states);
  const transcription = top.find(([, s]) => capabilityOfState(s) && capabilityOf(capabilityOfState(s)!) === 'transcription');
  if (!transcription) return { ok: false, error: 'the base workflow has no transcription step at its top level' };
  const compliance = allStates(states).find(([, s]) => capabilityOfState(s) && capabilityOf(capabilityOfState(s)!) === 'compliance');
  if (!compliance) return { ok: false, error: 'the base workflow has no compliance step to target' };
  const kept = chainTo(states, asl.StartAt, transcription[0]);
  if (!kept) return { ok: false, error: `${transcription[0]} is not on the base workflow's main path` };

  const copy = structuredClone(states);
  const next: Record<string, State> = {};
  for (const name of kept) {
    const s = copy[name]!;
    // All advisors: drop every parameter taken from the advisor's name.
    if (isRecord(s.Parameters) && Object.entries(s.Parameters).some(([k, v]) => k.startsWith('advisor') || v === '$.advisor_name')) {
      s.Parameters = Object.fromEntries(
        Object.entries(s.Parameters).filter(([k, v]) => !(k.startsWith('advisor') || v === '$.advisor_name')),
      );
      s.Comment = 'Find every loan application over the date range (all advisors).';
    }
    next[name] = s;
  }
  const transcriptPath =
    typeof copy[transcription[0]]!.ResultPath === 'string' ? `${copy[transcription[0]]!.ResultPath as string}.data.text` : '$.data.text';
  const params = isRecord(compliance[1].Parameters) ? compliance[1].Parameters : {};
  // The base's own rule set binding is kept: a run input (`rule_set_id.$`), or the literal an older saved version names.
  const rule = Object.entries(params).find(([k, v]) => /rule/.test(k) && typeof v === 'string');
  const ruleSet = !rule ? undefined : rule[0].endsWith('.$') ? (rule[1] as string) : { match: /rule/, value: rule[1] };
  const complianceSkill = byUri.get(boundSkills(compliance[1])[0]!)!;
  const plans = productPlans(transcriptPath, labels, ruleSet);
  const bySkill = { diarization: skills.diarization, segmentation: skills.segmentation, compliance: complianceSkill } as const;
  next[transcription[0]]!.Next = plans[0]!.name;
  delete next[transcription[0]]!.End;
  for (const [i, p] of plans.entries()) {
    const s = taskState(p, bySkill[p.role as keyof typeof bySkill], plans[i + 1]?.name ?? null);
    if (!s.ok) return s;
    next[p.name] = s.state;
  }

  const schema = structuredClone(isRecord(base.workflow_input_schema) ? base.workflow_input_schema : { type: 'object', properties: {} });
  if (isRecord(schema.properties)) delete schema.properties.advisor_name;
  if (Array.isArray(schema.required)) schema.required = schema.required.filter((r) => r !== 'advisor_name');
  const used = new Set(allStates(next).flatMap(([, s]) => boundSkills(s)));
  return {
    ok: true,
    doc: {
      workflow_schema_version: base.workflow_schema_version ?? '2.2.0',
      workflow_id: meta.workflow_id,
      ...productMeta(product),
      version: '1.0.0',
      created_at: meta.created_at,
      author: meta.author,
      workflow_input_schema: schema,
      skill_imports: skillImports(
        [...used].map((u) => byUri.get(u)).filter((s): s is SkillSummary => !!s),
        skillset,
      ),
      asl: {
        Comment: `Refinement of ${String(base.workflow_name ?? 'the base workflow')}: the advisor's explanation of ${product} only.`,
        StartAt: asl.StartAt,
        States: next,
      },
    },
  };
}

/** The product a workflow targets, read from its name, description and tags ("… delivery of HELOC 2.0 product details"). */
export function targetsProduct(
  doc: { workflow_name?: unknown; name?: unknown; description?: unknown; tags?: unknown },
  product: string,
): boolean {
  const text = [doc.workflow_name, doc.name, doc.description, ...(Array.isArray(doc.tags) ? doc.tags : [])]
    .filter((x) => typeof x === 'string')
    .join(' ')
    .toLowerCase();
  return text.includes(product.toLowerCase()) || text.includes(productTag(product));
}

/** The product named in a product-explanation workflow's description, if any. */
export function productOfWorkflow(doc: Doc): string | null {
  const d = typeof doc.description === 'string' ? doc.description : '';
  return d.match(/\b(?:of|for|about)\s+(.+?)\s+product\b/i)?.[1] ?? null;
}

/**
 * Case B: a derived product check reused for another product. The states stay as they are (they
 * already isolate the advisor's product explanation); only what names the product changes — the
 * name, description and tags, and any Parameter literal that quotes the old product.
 */
export function retargetProductCheck(template: Doc, product: string, meta: Meta): Composed {
  if (!isRecord(template.asl)) return { ok: false, error: 'the template workflow has no ASL' };
  const old = productOfWorkflow(template);
  let asl = JSON.stringify(template.asl);
  if (old) asl = asl.split(JSON.stringify(old).slice(1, -1)).join(JSON.stringify(product).slice(1, -1));
  const m = productMeta(product);
  const tags = [
    ...new Set([
      ...(Array.isArray(template.tags) ? template.tags.filter((t): t is string => typeof t === 'string' && !t.startsWith('product:')) : []),
      ...m.tags,
    ]),
  ];
  return {
    ok: true,
    doc: {
      ...structuredClone(template),
      workflow_id: meta.workflow_id,
      workflow_name: m.workflow_name,
      description: m.description,
      version: '1.0.0',
      created_at: meta.created_at,
      author: meta.author,
      tags,
      asl: JSON.parse(asl) as unknown,
    },
  };
}
