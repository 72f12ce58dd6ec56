import { z } from 'zod';

/**
 * Guards against one caller's flooding or holding the process (issue 29) as part of server/config.ts's
 * one environment schema (spread into it, so a bad value is reported with all the others): a tool
 * call's time budget (server/tools/budget.ts), background-job schedules (server/schedules/schedule-limits.ts), the notification rate
 * (server/notifications/rate-limit.ts) and the host names the MCP endpoint answers to
 * (server/mcp/host-check.ts).
 */
export const GUARD_ENV = {
  /**
   * Seconds one tool call may run before its caller gets `timed_out` (server/tools/budget.ts). Tools
   * that wait on purpose (wait_for_workflow_run) declare their own budget from their arguments.
   */
  DCF_TOOL_BUDGET_S: z.coerce.number().int().min(1).max(3_600).default(120),
  /** Least time in seconds between two fires of one background job (cron or interval), at most a day; 1 = no minimum. */
  DCF_SCHEDULE_MIN_INTERVAL_S: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Most background jobs one owner (a user, with the jobs their agents made; else the creating agent) may have. */
  DCF_SCHEDULE_MAX_PER_OWNER: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Notifications one caller (user, agent or token) may send per minute (send_notification); counted in Redis. */
  DCF_NOTIFY_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Host names besides DCF_PUBLIC_URL's (and the loopback names) the MCP endpoint answers to, comma-separated,
   * e.g. `console.internal,10.0.0.5`: a request for any other host is refused (DNS-rebinding protection).
   */
  DCF_MCP_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    )
    .refine((hosts) => hosts.every((h) => /^[a-z0-9.\-_:[\]]+$/.test(h)), {
      message: 'must be host names or addresses separated by commas, e.g. console.internal,10.0.0.5',
    }),
};

export interface GuardsConfig {
  /** How long one tool call may hold its caller, in milliseconds. */
  toolBudgetMs: number;
  schedules: { minIntervalS: number; maxPerOwner: number };
  notifications: { maxPerMinute: number };
  /** Extra host names (lower case, no port) the MCP endpoint accepts besides the public URL's and loopback. */
  mcpAllowedHosts: string[];
}

type GuardEnv = z.output<z.ZodObject<typeof GUARD_ENV>>;

export function guardsConfig(e: GuardEnv): GuardsConfig {
  return {
    toolBudgetMs: e.DCF_TOOL_BUDGET_S * 1000,
    schedules: { minIntervalS: e.DCF_SCHEDULE_MIN_INTERVAL_S, maxPerOwner: e.DCF_SCHEDULE_MAX_PER_OWNER },
    notifications: { maxPerMinute: e.DCF_NOTIFY_MAX_PER_MINUTE },
    mcpAllowedHosts: e.DCF_MCP_ALLOWED_HOSTS,
  };
}
