import { z } from 'zod';
import type { QaRecordInput } from '../../lib/qa-record.ts';
import { RECORDED_PARTS, type RecordedPart } from '../../lib/analysis/index.ts';

/**
 * QaRecordInput (record.ts) as a zod schema: what a QA results message on the Redis stream must
 * hold before the consolidator writes it (a stream entry is data from outside the process). A
 * message that fails it is malformed and dead-lettered (server/redis/stream-consumer.ts).
 */

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();
/**
 * A value per recorded part (lib/analysis/functions.ts `recorded`), in pipeline order; null for a part a message
 * published before the part was added does not name.
 */
const roles = z.object(Object.fromEntries(RECORDED_PARTS.map((part) => [part, nullableString.default(null)]))) as unknown as z.ZodType<
  Record<RecordedPart, string | null>
>;

const evidence = z.object({
  quote: z.string(),
  start: z.number(),
  end: z.number(),
  turn: z.number(),
  start_s: nullableNumber,
  end_s: nullableNumber,
});

const turn = z.object({
  speaker: nullableString,
  text: z.string(),
  start_s: nullableNumber,
  end_s: nullableNumber,
  start: z.number(),
  end: z.number(),
});

const verdict = z.object({
  rule_id: z.string(),
  rule: z.string(),
  category: nullableString,
  mandatory: z.boolean(),
  verdict: z.enum(['pass', 'fail', 'not_applicable']),
  rationale: nullableString,
  evidence: evidence.nullable(),
  quote: nullableString,
});

const scoreDetail = z.object({
  formula_id: nullableString,
  breakdown: z.record(z.string(), z.number()),
  breakdown_total: z.number(),
  cap: z.object({ value: z.number(), categories: z.array(z.string()), rule_ids: z.array(z.string()) }).nullable(),
  summary: nullableString,
});

const sentiment = z.object({
  overall: nullableString,
  score: nullableNumber,
  flags: z.array(z.object({ type: z.string(), severity: z.string(), excerpt: nullableString, evidence: evidence.nullable() })),
});

export const qaRecordInputSchema: z.ZodType<QaRecordInput> = z.object({
  runId: z.string().min(1),
  callId: z.string().min(1),
  applicationId: nullableString,
  advisor: nullableString,
  team: nullableString,
  customer: nullableString,
  product: nullableString,
  callAt: nullableString,
  durationS: nullableNumber,
  workflowId: z.string().min(1),
  workflowName: z.string(),
  workflowVersion: z.string().min(1),
  runFinishedAt: z.string().min(1),
  score: nullableNumber,
  maxScore: nullableNumber,
  scoreDetail: scoreDetail.nullable(),
  verdicts: z.array(verdict),
  sentiment: sentiment.nullable(),
  transcript: z.object({ text: z.string(), turns: z.array(turn), language: nullableString, recording_uri: nullableString.optional() }),
  provenance: z.object({
    skills: roles,
    states: roles,
    rule_set_id: nullableString,
    brain: z.string(),
    started_by: nullableString,
  }),
  // Issue 28; defaulted so that messages published before these fields existed still go through.
  scoringInput: z.record(z.string(), z.unknown()).nullable().default(null),
  testRun: z.boolean().default(false),
  // Issue 31: the generic store of kept parts with no field of their own; absent when there are none.
  analyses: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});

/** One finished run's QA results, as the worker publishes them (server/execution/qa-publish.ts). */
export const qaResultsMessageSchema = z.object({ run_id: z.string().min(1), records: z.array(qaRecordInputSchema) });
export type QaResultsMessage = z.infer<typeof qaResultsMessageSchema>;
