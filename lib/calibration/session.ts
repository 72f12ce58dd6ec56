import { z } from 'zod';
import { qaFilterSchema } from '../qa-filter.ts';

/**
 * The shapes of a calibration session (issue 34) that the database column, the tools and the pages
 * share. Pure zod, no I/O.
 */
export const CALIBRATION_ANSWERS = ['pass', 'fail', 'not_applicable'] as const;
export type CalibrationAnswerValue = (typeof CALIBRATION_ANSWERS)[number];

/** The most calls a session holds, and the most reviewers: a calibration is an afternoon's work, not a survey. */
export const MAX_SESSION_CALLS = 50;
export const MAX_SESSION_REVIEWERS = 12;
export const MAX_REASON = 500;
export const MAX_NOTE = 4_000;

export const calibrationSampleSchema = z
  .object({
    filter: qaFilterSchema.describe("The QA queue's filter the calls are chosen from (advisor, period, rule failed, …)."),
    method: z
      .enum(['newest', 'random'])
      .describe('`newest`: the newest calls the filter matches; `random`: a random sample of them, reproducible from `seed`.'),
    size: z.number().int().min(1).max(MAX_SESSION_CALLS).describe('How many calls.'),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional()
      .describe('The random sample’s seed; chosen and recorded when not given. Ignored by `newest`.'),
  })
  .strict();
export type CalibrationSampleInput = z.infer<typeof calibrationSampleSchema>;

/** The sample as stored: the filter, the method, the size asked for, the seed used (random) and how many calls matched. */
export interface CalibrationSample {
  filter: z.infer<typeof qaFilterSchema>;
  method: 'newest' | 'random';
  size: number;
  seed: number | null;
  matched: number;
}

/** One rule of the rule set in force, as the analyses state it. */
export interface CalibrationRule {
  rule_id: string;
  rule: string;
  category: string | null;
  mandatory: boolean;
}

export const calibrationAnswerSchema = z
  .object({
    qa_result_id: z.uuid().max(36),
    rule_id: z.string().trim().min(1).max(100),
    answer: z.enum(CALIBRATION_ANSWERS),
    reason: z.string().trim().max(MAX_REASON).optional().describe('A short reason (required for a fail).'),
  })
  .strict();
export type CalibrationAnswerInput = z.infer<typeof calibrationAnswerSchema>;
