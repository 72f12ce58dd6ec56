import { z } from 'zod';
import { createCalibrationSession } from '../../calibration/create.ts';
import { calibrationSampleSchema, MAX_SESSION_REVIEWERS } from '../../../lib/calibration/session.ts';
import { defineTool } from '../define-tool.ts';
import { nameString } from '../limits.ts';
import { calibrationDb, isDbFailure, resultOf } from './calibration-db.ts';

export const createCalibrationSessionTool = defineTool({
  name: 'create_calibration_session',
  description:
    'Create a calibration session (compliance managers and admins signed in to the console): a name, a sample of calls ' +
    "from the QA queue's filter (the newest N, or a random N reproducible from a recorded seed), all under one rule set " +
    '(the rules those calls were checked against), at least two reviewers (compliance managers or admins) and a due date. ' +
    "Reviewers then answer every rule of every call blind (without the AI's verdicts or each other's answers).",
  readOnly: false,
  input: z.object({
    name: nameString().trim().min(1),
    sample: calibrationSampleSchema,
    reviewer_ids: z.array(z.uuid().max(36)).min(2).max(MAX_SESSION_REVIEWERS).describe('The reviewers, by user id.'),
    due_date: z
      .string()
      .max(10)
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
      .describe('When the reviews are due (a Europe/London day).'),
  }),
  output: z.object({
    session_id: z.string(),
    call_ids: z.array(z.string()).describe('The calls chosen, in review order.'),
    seed: z
      .number()
      .int()
      .nullable()
      .describe('The random sample’s seed (null for the newest calls): the same seed and filter draw the same calls.'),
    matched: z.number().int().describe('How many calls the filter matched (a random sample is drawn from the newest 5,000 of them).'),
  }),
  async handler(args, { actor, services }) {
    const db = await calibrationDb(services);
    if (isDbFailure(db)) return db;
    return resultOf(await createCalibrationSession(db, actor, args), (v) => ({
      session_id: v.id,
      call_ids: v.calls,
      seed: v.seed,
      matched: v.matched,
    }));
  },
});
