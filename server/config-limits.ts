import { z } from 'zod';

/**
 * The limits of server/config.ts (issue 29): how long one request may hold its caller. Part of the
 * one environment schema (spread into it), so a bad value is reported with all the others.
 */
export const LIMITS_ENV = {
  /**
   * Seconds one tool call may run before its caller gets `timed_out` (server/tools/budget.ts). Tools
   * that wait on purpose (wait_for_workflow_run) declare their own budget from their arguments.
   */
  DCF_TOOL_BUDGET_S: z.coerce.number().int().min(1).max(3_600).default(120),
};

type LimitsEnv = { [K in keyof typeof LIMITS_ENV]: z.output<(typeof LIMITS_ENV)[K]> };

export type LimitsConfig = { toolBudgetMs: number };

export const limitsConfig = (e: LimitsEnv): LimitsConfig => ({ toolBudgetMs: e.DCF_TOOL_BUDGET_S * 1000 });
