import { z } from 'zod';
import type { Actor } from '../../contracts/audit-actor.ts';
import type { Db } from '../../db/client.ts';
import type { PlanReader } from '../../planning/store/plan-query.ts';
import type { PlanningService } from '../../contracts/planning/service.ts';
import { PLAN_STATES, sentinelFindingSchema, toolCallPlanSchema } from '../../../lib/planning/schemas.ts';
import { fail, isFailure, ok, type ToolFailure, type ToolResult } from '../../tool-result.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';

/** The process's plan tracker, or the `unavailable` failure every planning tool returns without it. */
export function planningOf(services: ToolServices): PlanningService | ToolFailure {
  return services.planning ?? fail('unavailable', 'tool-call planning is not tracked in this process (no plan tracker is configured)');
}

/**
 * A plan belongs to an agent (ports.ts): only an agent declares, replans or ends one. A console
 * user or a script gets `forbidden`, which says so rather than planning for nobody.
 */
export function agentOf(actor: Actor): { id: string } | ToolFailure {
  if (actor.kind === 'agent') return { id: actor.id };
  return fail(
    'forbidden',
    `tool-call plans belong to agents; ${actor.kind} ${actor.label} cannot declare or change ` +
      'one (read plans with get_tool_call_plan and a plan_id)',
  );
}

/** What declare and update return: the plan now in force and the plan the change ended, with its findings. */
export const planChangeOut = z.object({
  plan: toolCallPlanSchema,
  ended: z
    .object({
      plan_id: z.uuid(),
      execution_state: z.enum(PLAN_STATES),
      findings: z.array(sentinelFindingSchema),
    })
    .nullable(),
});

/** A service answer as a tool result: its failure as it is, else the fields under the `ok` envelope. */
export function resultOf<T extends object>(r: T | ToolFailure): ToolResult<T> {
  return isFailure(r) ? r : ok(r);
}

/** Roles that see every plan; other console users see their own and the runs' (store/plan-query.ts PlanReader). */
const SEE_ALL_ROLES: ReadonlySet<string> = new Set(['admin', 'compliance_manager']);

export function readerOf(actor: Actor): PlanReader {
  return actor.kind === 'user' && !SEE_ALL_ROLES.has(actor.role) ? { user_id: actor.id } : 'all';
}

/** A Europe/London calendar day, `YYYY-MM-DD`. */
export const londonDayInput = z.iso.date().max(10);

/** The database, or `unavailable`. */
export async function planningDb(services: ToolServices): Promise<Db | ToolFailure> {
  if (!services.db) {
    return fail('unavailable', 'tool-call plans live in the database, which this context does not provide');
  }
  try {
    return await services.db();
  } catch (err) {
    return fail('unavailable', `cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
  }
}
