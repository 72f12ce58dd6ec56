import { z } from 'zod';
import { ARG_LIMITS, idString, nameString } from '../limits.ts';

/** The spec's `available_models` item (collaboration-tools.md §1, §2). */
export const availableModel = z.object({
  id: idString(),
  model_type: nameString(),
  capabilities: z.array(nameString()).max(ARG_LIMITS.items),
});
/** The `available_models` list of decompose_task and assign_subtasks: a team, not a directory. */
export const availableModels = z.array(availableModel).max(ARG_LIMITS.items);

const measured = z.object({ mean: z.number().nullable(), count: z.number().int() });
export const deliverySchema = z.object({
  agent_id: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().optional(),
});

export const subtaskOut = z.object({
  id: z.string(),
  description: z.string(),
  required_capabilities: z.array(z.string()),
  evidence: z.record(z.string(), z.array(z.string())),
  unmatched_reason: z.string().optional(),
});

export const figuresOut = z.object({
  agent_id: z.string(),
  tasks_delegated: z.number().int(),
  tasks_done: z.number().int(),
  tasks_failed: z.number().int(),
  tasks_open: z.number().int(),
  success_rate: z.number().nullable(),
  latency_ms: measured,
  ratings: z.object({ clarity: measured, relevance: measured, completeness: measured, actionability: measured }),
  overall_rating: measured,
  evaluations: z
    .object({ rated: z.number().int(), below_midpoint: z.number().int() })
    .describe("Evaluations with a rating, and how many averaged below 3 (the 1–5 scale's midpoint)."),
});
