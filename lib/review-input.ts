import { z } from 'zod';

/**
 * One review action on a QA result (`review_qa_result`): a decision on a rule verdict or on the
 * score — agree with the AI, or override it with the reviewer's own value and a reason — a
 * comment, the sign-off of the whole call review, or — on a signed-off record that a later analysis of the call
 * found — adopting that analysis or keeping the signed one.
 */
const reason = z.string().trim().min(3, 'say why (at least 3 characters)').max(2000);

export const reviewInputSchema = z.discriminatedUnion('action', [
  z.object({
    qa_result_id: z.uuid().max(36),
    action: z.literal('rule'),
    rule_id: z.string().min(1).max(100),
    decision: z.enum(['agree', 'override']),
    verdict: z.enum(['pass', 'fail', 'not_applicable']).optional().describe('The reviewer’s verdict (override only).'),
    reason: reason.optional().describe('Required for an override.'),
  }),
  z.object({
    qa_result_id: z.uuid().max(36),
    action: z.literal('score'),
    decision: z.enum(['agree', 'override']),
    score: z.number().min(0).max(1000).optional().describe('The reviewer’s score (override only).'),
    reason: reason.optional().describe('Required for an override.'),
  }),
  z.object({ qa_result_id: z.uuid().max(36), action: z.literal('comment'), comment: z.string().trim().min(1).max(4000) }),
  z.object({ qa_result_id: z.uuid().max(36), action: z.literal('sign_off'), comment: z.string().trim().max(4000).optional() }),
  z.object({
    qa_result_id: z.uuid().max(36).describe('The signed-off record.'),
    action: z.literal('reanalysis'),
    decision: z
      .enum(['adopt', 'keep'])
      .describe(
        'adopt: the later analysis becomes the record (to be reviewed and signed off ' +
          'again); keep: the signed-off record stands and the later analysis stays as history.',
      ),
    subject_qa_result_id: z.uuid().max(36).describe('The analysis made after the sign-off, as the call page shows it.'),
    reason: reason,
  }),
]);
export type ReviewInput = z.infer<typeof reviewInputSchema>;
