import { z } from 'zod';
import { calibrationResults } from '../../calibration/results.ts';
import { defineTool } from '../define-tool.ts';
import { calibrationDb, isDbFailure, resultOf } from './calibration-db.ts';

export const getCalibrationResultsTool = defineTool({
  name: 'get_calibration_results',
  description:
    "A calibration session's results (its lead, reviewers, admins; agents and scripts): progress (who submitted), and once " +
    "every reviewer submitted or the lead closed it, the agreement — Fleiss' kappa and pairwise percent agreement per rule " +
    "and overall, Cohen's kappa and percent agreement of each reviewer against each other, the AI and the majority, each " +
    'with n (items: call × rule) and `thin` under the minimum sample — the calls with most disagreement first, and the ' +
    "lead's notes per rule. The same figures as the results page and its CSV.",
  readOnly: true,
  input: z.object({ session_id: z.uuid().max(36) }),
  output: z.object({
    session: z.record(z.string(), z.unknown()),
    progress: z.array(z.object({ reviewer_id: z.string(), label: z.string(), submitted_at: z.string().nullable() })),
    complete: z.boolean().describe('Every reviewer submitted, or the session is closed: `figures` is set.'),
    figures: z.record(z.string(), z.unknown()).nullable().describe('method, min_sample, overall, rules, reviewers, calls.'),
    notes: z.array(z.object({ rule_id: z.string(), note: z.string(), author: z.string(), created_at: z.string() })),
  }),
  async handler(args, { actor, services }) {
    const db = await calibrationDb(services);
    if (isDbFailure(db)) return db;
    return resultOf(await calibrationResults(db, actor, args.session_id), (v) => ({
      ...v,
      figures: v.figures as unknown as Record<string, unknown> | null,
    }));
  },
});
