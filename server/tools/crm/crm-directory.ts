import { z } from 'zod';
import type { ToolServices } from '../../contracts/tool-services.ts';
import type { ToolFailure } from '../../tool-result.ts';
import { callSkillData, type SkillData } from './skill-call.ts';

/**
 * The CRM's directory skill the console's CRM tools ask (skills/crm-directory.json; served by the
 * demo skills server here, by the CRM's own MCP server in a deployment).
 */
export const CRM_DIRECTORY_SKILL = 'skill://crm-directory@1.0.0';

export function callCrmDirectory<D>(
  services: ToolServices,
  tool: 'list_advisors' | 'list_products' | 'count_calls',
  args: Record<string, unknown>,
): Promise<SkillData<D> | ToolFailure> {
  return callSkillData<D>(services, CRM_DIRECTORY_SKILL, tool, args);
}

/** A name as people type it into a form or a request: trimmed, not empty. */
export const crmName = z.string().trim().min(1).max(200);

/** Whether YYYY-MM-DD names a day that exists: Date.parse rolls 2024-02-30 over to 1 March. */
function isCalendarDay(v: string): boolean {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}

/** A calendar date YYYY-MM-DD that exists. */
export const crmDate = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date YYYY-MM-DD', abort: true })
  .refine(isCalendarDay, 'is not a calendar date');

/** The summary line the skill wrote, for an agent to quote. */
export const skillSummary = z.string().describe("The CRM's one-line summary of the answer.");
