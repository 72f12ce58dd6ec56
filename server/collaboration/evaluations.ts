import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { collaborationEvaluations, collaborationMessages, collaborationSubtasks } from '../db/schema/index.ts';
import { requireAgents } from './agents.ts';
import type { Collab } from './context.ts';
import { assertActsAs, CollaborationError } from './errors.ts';
import { CRITERIA, type Criterion } from './figures.ts';

export interface EvaluationInput {
  evaluating_agent_id: string;
  contributing_agent_id: string;
  contribution_ref: string;
  evaluation_criteria?: Partial<Record<Criterion, number>>;
  comments?: string;
}

/**
 * evaluate_contribution: stores the ratings (1–5) and comments. Both agents must exist and
 * differ; at least one rating or a comment is needed. `contribution_ref` is linked to the subtask
 * or message it names when one is recorded, and must then belong to the contributing agent.
 */
export async function evaluateContribution(c: Collab, input: EvaluationInput) {
  assertActsAs(c.actor, 'evaluating_agent_id', input.evaluating_agent_id);
  if (input.evaluating_agent_id === input.contributing_agent_id) {
    throw new CollaborationError('invalid_input', 'an agent cannot evaluate its own contribution');
  }
  const ratings = input.evaluation_criteria ?? {};
  const given = CRITERIA.filter((k) => ratings[k] !== undefined);
  if (given.length === 0 && !input.comments?.trim()) {
    throw new CollaborationError('invalid_input', `give at least one rating (${CRITERIA.join(', ')}) or comments`);
  }
  await requireAgents(c.db, c.platform, [input.evaluating_agent_id, input.contributing_agent_id]);
  const [subtask] = await c.db.select().from(collaborationSubtasks).where(eq(collaborationSubtasks.id, input.contribution_ref));
  const [message] = subtask
    ? []
    : await c.db.select().from(collaborationMessages).where(eq(collaborationMessages.id, input.contribution_ref));
  const owner = subtask?.assigneeId ?? message?.senderId;
  if (owner !== undefined && owner !== input.contributing_agent_id) {
    const what = subtask ? 'a subtask of' : 'a message from';
    throw new CollaborationError('invalid_input', `${input.contribution_ref} is ${what} ${owner}, not of ${input.contributing_agent_id}`);
  }
  const id = `eval-${randomUUID()}`;
  const sessionId = subtask?.sessionId ?? message?.sessionId ?? null;
  await c.db.insert(collaborationEvaluations).values({
    id,
    sessionId,
    evaluatorId: input.evaluating_agent_id,
    contributorId: input.contributing_agent_id,
    contributionRef: input.contribution_ref,
    subtaskId: subtask?.id ?? null,
    clarity: ratings.clarity ?? null,
    relevance: ratings.relevance ?? null,
    completeness: ratings.completeness ?? null,
    actionability: ratings.actionability ?? null,
    comments: input.comments ?? null,
  });
  return {
    evaluation_id: id,
    logged: true as const,
    contribution_ref: input.contribution_ref,
    contribution_kind: subtask ? ('subtask' as const) : message ? ('message' as const) : ('unrecorded' as const),
    session_id: sessionId,
    ratings: Object.fromEntries(given.map((k) => [k, ratings[k]!])),
  };
}
