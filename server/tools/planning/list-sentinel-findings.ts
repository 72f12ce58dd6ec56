import { z } from 'zod';
import { FINDING_TYPES, sentinelFindingSchema } from '../../../lib/planning/schemas.ts';
import { BadCursorError, listFindings } from '../../planning/store/findings-query.ts';
import { fail, isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { londonDayInput, planningDb } from './planning.ts';

/** The sentinel's findings for the admins' Findings list (issue 17), newest first, a page at a time. Read-only. */
export const listSentinelFindingsTool = defineTool({
  name: 'list_sentinel_findings',
  description: [
    "List the sentinel's findings on tool-call plans newest first (BudgetExceeded, PlanDeviation, PolicyViolation,",
    'BLPViolation), each with its message, detail and evidence (the call records it rests on). Filter by agent_id,',
    'type, plan_id and a period of Europe/London days (since, until, both included); limit up to 200 (default 50);',
    'pass next_cursor back as cursor for the next page.',
  ].join(' '),
  readOnly: true,
  input: z.strictObject({
    agent_id: z.string().min(1).max(200).optional(),
    type: z.enum(FINDING_TYPES).optional(),
    plan_id: z.uuid().max(36).optional(),
    since: londonDayInput.optional(),
    until: londonDayInput.optional(),
    limit: z.number().int().min(1).max(200).default(50),
    cursor: z.string().max(500).optional(),
  }),
  output: z.object({ findings: z.array(sentinelFindingSchema), next_cursor: z.string().nullable() }),
  async handler(args, { services }) {
    if (args.since && args.until && args.since > args.until) {
      return fail('invalid_input', `since (${args.since}) is after until (${args.until})`);
    }
    const db = await planningDb(services);
    if (isFailure(db)) return db;
    await services.planning?.flush();
    try {
      return ok(await listFindings(db, args));
    } catch (err) {
      if (err instanceof BadCursorError) return fail('invalid_input', err.message);
      throw err;
    }
  },
});
