import { z } from 'zod';
import {
  planPolicySchema,
  resourceBudgetSchema,
  sentinelFindingSchema,
  toolCallIntentSchema,
  toolCallPlanSchema,
} from '../../lib/planning/schemas.ts';

/**
 * The versioned JSON Schemas (draft 2020-12) of the planning contract, generated from the zod
 * schemas of schemas.ts (`npm run gen:planning-schemas` writes them to `schemas/planning/`;
 * json-schemas.test.ts fails when the files and the zod schemas drift apart). The version is the
 * contract's: a change to a zod schema that changes its JSON Schema needs a new version here.
 */
export const PLANNING_SCHEMA_VERSION = '1.0.0';
export const PLANNING_SCHEMA_DIR = 'schemas/planning';

const BASE = 'https://selinafinance.co.uk/schemas/planning';

interface PlanningSchema {
  name: string;
  title: string;
  description: string;
  schema: z.ZodType;
}

const SCHEMAS: PlanningSchema[] = [
  {
    name: 'tool-call-plan',
    title: 'ToolCallPlan',
    description:
      "DRR-005's ToolCallPlan as the console stores and serves it: planId, planningContext (goal, " +
      'constraints, policy), plannedSequence, executionState (Planned | InProgress | Complete | Failed, or Replaced ' +
      'when a replan superseded it), with its owner, unit of work, sentinel mode and replan links.',
    schema: toolCallPlanSchema,
  },
  {
    name: 'resource-budget',
    title: 'ResourceBudget',
    description:
      "DRR-005's ResourceBudget: maxToolCalls, maxLatency (milliseconds), maxCost (dimensionless " +
      'resource units: one per model token, configured units per tool and skill) and the scaleFactor probe.',
    schema: resourceBudgetSchema,
  },
  {
    name: 'exploit-explore-policy',
    title: 'ExploitExplorePolicy',
    description:
      "DRR-005's ExploitExplorePolicy: strategy (Greedy | EpsilonGreedy | UCB | ThompsonSampling), " +
      'explorationRate, temperature and preferGeneralMethods (the bitter-lesson preference).',
    schema: planPolicySchema,
  },
  {
    name: 'tool-call-intent',
    title: 'ToolCallIntent',
    description:
      "DRR-005's ToolCallIntent: toolName, rationale, expectedOutcome, the skill a skill call means, " +
      'and fallbackOnFailure — the intent tried when this one fails (a chain of nested intents).',
    schema: toolCallIntentSchema,
  },
  {
    name: 'sentinel-finding',
    title: 'SentinelFinding',
    description:
      "A finding of the sentinel on a plan (DRR-005's ValidationFinding plus PolicyViolation): " +
      "BudgetExceeded, PlanDeviation, PolicyViolation or BLPViolation, live or at the plan's end, with the " +
      'call records it rests on as evidence.',
    schema: sentinelFindingSchema,
  },
];

/** File name → document, in a stable order; each document's text is what the generator writes. */
export function planningJsonSchemas(): Array<{ file: string; text: string }> {
  return SCHEMAS.map((s) => {
    const file = `${s.name}-${PLANNING_SCHEMA_VERSION}.json`;
    const generated = z.toJSONSchema(s.schema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
    const { $schema, ...rest } = generated;
    const doc = { $schema, $id: `${BASE}/${file}`, title: s.title, description: s.description, ...rest };
    return { file, text: `${JSON.stringify(namedDefs(doc), null, 2)}\n` };
  });
}

/**
 * zod names the definitions it hoists `__schema0`, …; the only one these schemas have is the
 * recursive ToolCallIntent (fallbackOnFailure), which gets its contract name. Any other hoisted
 * definition fails the generator, so a new one is named on purpose rather than by accident.
 */
function namedDefs(doc: Record<string, unknown>): Record<string, unknown> {
  const defs = doc.$defs as Record<string, { properties?: Record<string, unknown> }> | undefined;
  if (!defs) return doc;
  let text = JSON.stringify(doc);
  for (const [name, def] of Object.entries(defs)) {
    if (!name.startsWith('__schema')) continue;
    if (!def.properties?.toolName || !def.properties.fallbackOnFailure) {
      throw new Error(`unnamed JSON Schema definition ${name}: name it in server/planning/json-schemas.ts`);
    }
    text = text.replaceAll(`"#/$defs/${name}"`, '"#/$defs/ToolCallIntent"').replaceAll(`"${name}":`, '"ToolCallIntent":');
  }
  return JSON.parse(text) as Record<string, unknown>;
}
