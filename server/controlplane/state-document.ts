import { z } from 'zod';

/**
 * The control-plane state document (spec §5.4, schemas/control-plane-state-1.0.0.json); the
 * schema test checks every document the Lua scripts write against the JSON Schema itself.
 */
export const stateDocumentSchema = z.object({
  status: z.enum(['pending', 'running', 'done', 'failed']),
  attempts: z.number().int().min(0),
  lease: z.object({
    token: z.string().nullable(),
    owner_agent_id: z.string().nullable(),
    ts: z.string().nullable(),
    ttl_s: z.number().int().min(1).nullable(),
  }),
  started_at: z.string().nullable().optional(),
  finished_at: z.string().nullable().optional(),
  last_error: z.string().nullable().optional(),
});
export type StateDocument = z.infer<typeof stateDocumentSchema>;
export type StateStatus = StateDocument['status'];
