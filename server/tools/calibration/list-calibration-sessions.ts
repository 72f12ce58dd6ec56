import { z } from 'zod';
import { sessionsFor } from '../../calibration/create.ts';
import { isoOf, readerOf } from '../../calibration/outcome.ts';
import { defineTool } from '../define-tool.ts';
import { fail, ok } from '../../tool-result.ts';
import { calibrationDb, isDbFailure } from './calibration-db.ts';

export const listCalibrationSessionsTool = defineTool({
  name: 'list_calibration_sessions',
  description:
    'The calibration sessions the caller leads or reviews in (admins, agents and scripts: all), newest first: name, status ' +
    '(open/closed), due date, lead, number of calls and rules, and each reviewer with when they submitted.',
  readOnly: true,
  input: z.object({ status: z.enum(['open', 'closed']).optional().describe('Only open or only closed sessions.') }),
  output: z.object({
    sessions: z.array(
      z.object({
        session_id: z.string(),
        name: z.string(),
        status: z.enum(['open', 'closed']),
        due_date: z.string(),
        lead: z.string(),
        lead_id: z.string().nullable(),
        created_at: z.string(),
        closed_at: z.string().nullable(),
        calls: z.number().int(),
        rules: z.number().int(),
        reviewers: z.array(z.object({ reviewer_id: z.string(), label: z.string(), submitted_at: z.string().nullable() })),
      }),
    ),
  }),
  async handler(args, { actor, services }) {
    const reader = readerOf(actor);
    if (!reader.ok) return fail(reader.code, reader.message);
    const db = await calibrationDb(services);
    if (isDbFailure(db)) return db;
    const all = await sessionsFor(db, actor);
    return ok({
      sessions: all
        .filter(({ session }) => !args.status || session.status === args.status)
        .map(({ session: s, reviewers, calls }) => ({
          session_id: s.id,
          name: s.name,
          status: s.status,
          due_date: s.dueDate,
          lead: s.createdByLabel,
          lead_id: s.createdBy,
          created_at: isoOf(s.createdAt),
          closed_at: isoOf(s.closedAt),
          calls,
          rules: s.rules.length,
          reviewers: reviewers.map((r) => ({ reviewer_id: r.userId, label: r.userLabel, submitted_at: isoOf(r.submittedAt) })),
        })),
    });
  },
});
