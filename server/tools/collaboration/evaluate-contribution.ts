import { z } from 'zod';
import { evaluateContribution } from '../../collaboration/evaluations.ts';
import { defineTool } from '../define-tool.ts';
import { withCollab } from './collaboration.ts';
import { idString, longText } from '../limits.ts';

const rating = (what: string) => z.number().min(1).max(5).optional().describe(what);

/** collaboration-tools.md §8 evaluate_contribution. */
export const evaluateContributionTool = defineTool({
  name: 'evaluate_contribution',
  description:
    "Rate another agent's contribution (a subtask id or a message id) from 1 to 5 on clarity, " +
    'relevance, completeness and actionability, with comments. Stored; compare_models and assignment ' +
    'use the ratings.',
  readOnly: false,
  input: z.object({
    evaluating_agent_id: idString().describe('Your unique Agent ID.'),
    contributing_agent_id: idString().describe('The unique Agent ID of the agent whose work you are evaluating.'),
    contribution_ref: idString().describe(
      "A reference identifying the specific contribution being evaluated (e.g., a message ID like 'msg-12345', " +
        "or a subtask ID like 'subtask-2').",
    ),
    evaluation_criteria: z
      .object({
        clarity: rating('Rating for clarity (1=Unclear, 5=Very Clear)'),
        relevance: rating('Rating for relevance to the task/goal (1=Irrelevant, 5=Highly Relevant)'),
        completeness: rating('Rating for completeness (1=Incomplete, 5=Fully Complete)'),
        actionability: rating('Rating for how easy it is to act upon or use this contribution (1=Not Actionable, 5=Very Actionable)'),
      })
      .optional()
      .describe('Optional: Provide structured ratings based on criteria.'),
    comments: longText().optional().describe('Optional: Provide specific textual feedback, suggestions, or comments.'),
  }),
  output: z.object({
    evaluation_id: z.string(),
    logged: z.literal(true),
    contribution_ref: z.string(),
    contribution_kind: z.enum(['subtask', 'message', 'unrecorded']),
    session_id: z.string().nullable(),
    ratings: z.record(z.string(), z.number()),
  }),
  handler: (args, ctx) => withCollab(ctx, (c) => evaluateContribution(c, args)),
});
