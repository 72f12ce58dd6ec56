import { randomUUID } from 'node:crypto';
import { isRecord } from '../../../../lib/is-record.ts';
import { collectStateTree, type Scope, type StateNode } from '../../../engine/asl/state-tree.ts';
import type { BrainDecision } from '../brain.ts';
import type { Composed, Meta } from './compose.ts';
import type { PlannerContext } from './context.ts';
import type { ToolOutcome } from './conversation.ts';
import {
  chooseSkill,
  describeReliability,
  hitsOf,
  reliabilityOf,
  SKILL_QUERIES,
  skillsetOf,
  type Preference,
  type Role,
  type RoleChoice,
  type Skillset,
} from './skills.ts';

/**
 * The building half of the Planner's work, shared by both scenarios: skill discovery (spec §2.2
 * step 3), then validate_workflow and save_workflow of a composed or adapted document (§2.3,
 * §3.3). Each helper returns either what it found or the next decision (a tool call, or a message
 * when something failed).
 */
export type Step<T> = { done: true; value: T } | { done: false; decision: BrainDecision };
const next = <T>(decision: BrainDecision): Step<T> => ({ done: false, decision });

export interface Discovery {
  skillset: Skillset;
  choices: Partial<Record<Role, RoleChoice>>;
}

/**
 * What skill discovery needs of a brain's turn (PlannerContext and the Conductor's context have
 * it): find a tool's return in the work so far, call tools, answer, or explain a failure.
 */
export interface ReplayContext {
  has(tool: string): boolean;
  find(name: string, where?: (args: Record<string, unknown>, result: Record<string, unknown> | null) => boolean): ToolOutcome | undefined;
  call(calls: Array<[name: string, args: Record<string, unknown>]>, reasoning: string, content?: string): BrainDecision;
  say(content: string, reasoning?: string): BrainDecision;
  failed(o: ToolOutcome, what: string): BrainDecision;
}

/**
 * One search_embeddings per role (kind "skill") and get_skillset; then the reliability of every
 * alternative. Standing preferences per capability (the Strategist's, in delegated mode) come
 * before reliability in the choice.
 */
export function discoverSkills(
  ctx: ReplayContext,
  roles: Role[],
  why: string,
  preferences: Record<string, Preference> = {},
): Step<Discovery> {
  const searches = roles.map((r) => ({ role: r, o: ctx.find('search_embeddings', (a) => a.query === SKILL_QUERIES[r]) }));
  const catalog = ctx.find('get_skillset', (a) => a.query === undefined && a.tag === undefined);
  const calls: Array<[string, Record<string, unknown>]> = searches
    .filter((s) => !s.o)
    .map((s) => ['search_embeddings', { query: SKILL_QUERIES[s.role], kinds: ['skill'], limit: 5 }]);
  if (!catalog) calls.push(['get_skillset', {}]);
  if (calls.length) {
    return next(
      ctx.call(
        calls,
        `${why} Skill discovery: ${roles.map((r) => `search_embeddings(query="${SKILL_QUERIES[r]}")`).join(', ')}; ` +
          "get_skillset for each hit's capability, tools and parameters.",
      ),
    );
  }
  const failedSearch = searches.find((s) => !s.o!.ok);
  if (failedSearch) return next(ctx.failed(failedSearch.o!, `search the skill catalog for ${failedSearch.role}`));
  if (!catalog!.ok) return next(ctx.failed(catalog!, 'list the skill catalog'));
  const skillset = skillsetOf(catalog!.result)!;

  const first = Object.fromEntries(
    roles.map((r) => [r, chooseSkill(r, hitsOf(searches.find((s) => s.role === r)!.o!.result), skillset)]),
  ) as Partial<Record<Role, RoleChoice | null>>;
  const none = roles.filter((r) => !first[r]);
  if (none.length) {
    return next(
      ctx.say(
        `I could not find a skill for ${none.join(', ')} in the catalog, so I cannot build this workflow yet. ` +
          'A skill author can add one (a manifest in the skill catalog) and I will pick it up.',
        `No skill found for ${none.join(', ')}.`,
      ),
    );
  }
  const contested = roles.flatMap((r) => (first[r]!.alternatives.length ? [first[r]!.chosen, ...first[r]!.alternatives] : []));
  const rel = contested.map((s) => ({ s, o: ctx.find('get_skill_reliability', (a) => a.skill === s.uri) }));
  const missing = rel.filter((x) => !x.o);
  if (missing.length && ctx.has('get_skill_reliability')) {
    return next(
      ctx.call(
        missing.map((x) => ['get_skill_reliability', { skill: x.s.uri }]),
        `Found alternatives for ${roles.filter((r) => first[r]!.alternatives.length).join(', ')} ` +
          `(${contested.map((s) => s.uri).join(', ')}). ` +
          'To make an informed choice, query the knowledge graph for their historical performance (success rate, p95 latency).',
      ),
    );
  }
  const reliability = rel.flatMap((x) => (x.o?.ok ? reliabilityOf(x.o.result) : []));
  const choices = Object.fromEntries(
    roles.map((r) => [r, chooseSkill(r, hitsOf(searches.find((s) => s.role === r)!.o!.result), skillset, reliability, preferences)!]),
  ) as Partial<Record<Role, RoleChoice>>;
  return { done: true, value: { skillset, choices } };
}

/** How the choice of each contested role was made, for the user and the reasoning card. */
export function choiceNotes(d: Discovery): string[] {
  return Object.values(d.choices).flatMap((c) => (c && c.alternatives.length ? [c.why] : []));
}

export function reliabilityNote(ctx: PlannerContext, uri: string): string {
  const o = ctx.find('get_skill_reliability', (a) => a.skill === uri);
  return describeReliability(uri, o?.ok ? reliabilityOf(o.result)[0] : undefined);
}

export function newMeta(ctx: PlannerContext): Meta {
  return { workflow_id: randomUUID(), created_at: new Date().toISOString(), author: `${ctx.input.agent.name}@dcf-console` };
}

export interface Saved {
  doc: Record<string, unknown>;
  workflow_id: string;
  version: string;
  name: string;
  warnings: number;
}

/**
 * validate_workflow on the composed document (composed once: later steps read it back from the
 * validate call, so its workflow_id stays the same), then save_workflow with its lineage.
 */
export function validateAndSave(
  ctx: PlannerContext,
  name: string,
  compose: () => Composed,
  opts: { parent?: { workflow_id: string; version: string; relation: 'REFINEMENT_OF' | 'VERSION_OF' }; note: string; why: string },
): Step<Saved> {
  const isDoc = (w: unknown): w is Record<string, unknown> =>
    typeof w === 'object' && w !== null && (w as { workflow_name?: unknown }).workflow_name === name;
  const validated = ctx.find('validate_workflow', (a) => isDoc(a.workflow));
  if (!validated) {
    const c = compose();
    if (!c.ok) return next(ctx.say(`I could not compose the workflow: ${c.error}.`, `Composition failed: ${c.error}.`));
    return next(
      ctx.call(
        [['validate_workflow', { workflow: c.doc }]],
        `${opts.why} Validate the draft against the Letta-ASL v2.2.0 schema and the skill catalog before saving it.`,
      ),
    );
  }
  if (!validated.ok) return next(ctx.failed(validated, 'validate the workflow'));
  const doc = validated.args.workflow as Record<string, unknown>;
  const report = validated.result as { valid: boolean; errors: Array<{ path: string; message: string }>; warnings: unknown[] };
  if (!report.valid) {
    const errors = report.errors.slice(0, 5).map((e) => `- ${e.path || '/'}: ${e.message}`);
    return next(
      ctx.say(
        [
          `The workflow I composed does not validate (${report.errors.length} error${report.errors.length === 1 ? '' : 's'}), so I did not save or run it:`,
          ...errors,
        ].join('\n'),
        'validate_workflow reported errors; never save or run an invalid workflow.',
      ),
    );
  }
  const id = String(doc.workflow_id);
  const saved = ctx.find('save_workflow', (a) => (a.workflow as { workflow_id?: unknown } | undefined)?.workflow_id === id);
  if (!saved) {
    return next(
      ctx.call(
        [['save_workflow', { workflow: doc, note: opts.note, ...(opts.parent ? { parent: opts.parent } : {}) }]],
        `Valid (${report.warnings.length} warning(s)). Save «${name}» v${String(doc.version)} to the catalog` +
          `${opts.parent ? ` as ${opts.parent.relation} ${opts.parent.workflow_id}@${opts.parent.version}` : ''}` +
          ' so it is searchable and runnable by id.',
      ),
    );
  }
  if (!saved.ok) return next(ctx.failed(saved, `save «${name}»`));
  return {
    done: true,
    value: { doc, workflow_id: id, version: String(saved.result?.version ?? doc.version), name, warnings: report.warnings.length },
  };
}

/**
 * The Task states of a document with their bound skill, in execution order (StartAt, Next; branches
 * and processors inline), over the engine's one walk of the state tree.
 */
export function bindingsOf(doc: Record<string, unknown>): Array<{ state: string; skill: string }> {
  const out: Array<{ state: string; skill: string }> = [];
  const visit = (scope: Scope) => {
    for (const node of executionOrder(scope)) {
      const binding = isRecord(node.value) ? node.value.AgentBinding : undefined;
      const skill = isRecord(binding) && Array.isArray(binding.skills) ? binding.skills[0] : undefined;
      if (typeof skill === 'string' && skill) out.push({ state: node.name, skill });
      node.children.forEach(visit);
    }
  };
  const root = collectStateTree(doc.asl, '/asl').root;
  if (root) visit(root);
  return out;
}

/** A scope's states from StartAt along Next, then the others in document order. */
function executionOrder(scope: Scope): StateNode[] {
  const seen = new Set<StateNode>();
  for (let at = scope.startAt; typeof at === 'string' && scope.states.has(at);) {
    const node = scope.states.get(at)!;
    if (seen.has(node)) break;
    seen.add(node);
    at = isRecord(node.value) ? node.value.Next : undefined;
  }
  return [...seen, ...[...scope.states.values()].filter((n) => !seen.has(n))];
}
