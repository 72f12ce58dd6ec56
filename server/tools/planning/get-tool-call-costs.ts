import { z } from 'zod';
import { COST_DIMENSIONS, costReportSchema } from '../../../lib/planning/schemas.ts';
import { costReport } from '../../planning/store/cost-report.ts';
import { dayCount, dayPeriod, MAX_REPORT_DAYS } from '../../planning/store/period.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { londonDayInput, planningDb } from './planning.ts';

/** The dashboard's cost of agents' tool use over time (issue 17), per agent, session, workflow or user. Read-only. */
export const getToolCallCostsTool = defineTool({
  name: 'get_tool_call_costs',
  description: [
    "Cost of agents' tool calls in resource units (model tokens, configured tool and skill costs; refused calls",
    'not counted) per agent, session (a conversation, a delegation session, a run), workflow or user, per',
    'Europe/London day: since/until are days, both included (default the 30 days up to today, at most 366).',
    'Each series has its total, its tool calls, its plans and one figure a day aligned with `days`.',
  ].join(' '),
  readOnly: true,
  input: z.strictObject({
    dimension: z.enum(COST_DIMENSIONS),
    since: londonDayInput.optional(),
    until: londonDayInput.optional(),
  }),
  output: costReportSchema,
  async handler(args, { services }) {
    const period = dayPeriod(args.since, args.until);
    if (period.since > period.until) {
      return fail('invalid_input', `since (${period.since}) is after until (${period.until})`);
    }
    if (dayCount(period.since, period.until) > MAX_REPORT_DAYS) {
      return fail('invalid_input', `a cost report covers at most ${MAX_REPORT_DAYS} days`);
    }
    const db = await planningDb(services);
    if (isFailure(db)) return db;
    await services.planning?.flush();
    return ok(await costReport(db, args.dimension, period));
  },
});
