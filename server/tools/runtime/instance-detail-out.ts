import { z } from 'zod';
import { runEventOut } from './execution.ts';

/** The output schema of one state instance's details (server/execution/run-detail.ts InstanceDetail). */
export const instanceDetailOut = z.object({
  instance: z.string(),
  state: z.string().describe('The state name in the workflow (the instance without its Map iteration scope).'),
  type: z.string().describe('Task, Pass, Choice, Wait, Succeed, Fail, Parallel or Map.'),
  parent: z
    .object({ instance: z.string(), index: z.number() })
    .nullable()
    .describe('The Parallel/Map instance and branch/iteration index it runs under.'),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  attempts: z.number(),
  last_error: z.string().nullable(),
  entered_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  lease: z
    .object({ owner: z.string(), ts: z.string().nullable(), ttl_s: z.number().nullable(), expires_at: z.string().nullable() })
    .nullable()
    .describe('The live lease (expires_at by the Redis clock).'),
  retry_counts: z.array(z.number()),
  input: z.unknown().describe('The raw input (before InputPath).'),
  effective_input: z.unknown().describe('After InputPath → Parameters (Task, Pass, Choice, Wait, Parallel, Map); null until computed.'),
  output: z.unknown().describe('After OutputPath, once finished (or the Catch output).'),
  data: z.unknown().describe("A Task's data-plane envelope (spec §5.6), or null."),
  skill: z
    .object({
      bound: z.array(z.string()),
      used: z.string().nullable(),
      swaps: z.array(
        z.object({
          from: z.string().nullable(),
          to: z.string(),
          reason: z.string().nullable(),
          policy: z.string().nullable(),
          rationale: z.string().nullable(),
          explored: z.boolean(),
          at: z.string().nullable(),
        }),
      ),
    })
    .nullable()
    .describe('Task only: bound skills, the skill that ran (or runs), and its swaps.'),
  branches: z
    .object({ total: z.number(), started: z.number(), done: z.number(), failed: z.number() })
    .nullable()
    .describe('Parallel/Map only: branch or iteration counts.'),
  events: z.array(runEventOut),
});
