import { z } from 'zod';
import { planViewSchema, UNIT_KINDS } from '../../../lib/planning/schemas.ts';
import { listPlanViews } from '../../planning/store/plan-query.ts';
import { isFailure, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { planningDb, readerOf } from './planning.ts';

/**
 * The plans of a conversation, a run, a companion task or an agent, each beside what happened
 * (issue 17's console views: the chat's plan timeline, the run view, the companions view). A
 * console user who is not an admin or compliance manager sees the plans made for them and the
 * plans of workflow runs. Read-only.
 */
export const listToolCallPlansTool = defineTool({
  name: 'list_tool_call_plans',
  description: [
    'List tool-call plans newest first, each with its calls, findings and budget usage. Filter by plan_id, session_id',
    '(a conversation, a delegation session or a run), unit_kind and unit_id (chat_turn | delegation |',
    'companion_task | workflow_run and its id), agent_id; limit up to 200 (default 50).',
  ].join(' '),
  readOnly: true,
  input: z.strictObject({
    plan_id: z.uuid().max(36).optional(),
    session_id: z.string().min(1).max(200).optional(),
    unit_kind: z.enum(UNIT_KINDS).optional(),
    unit_id: z.string().min(1).max(200).optional(),
    agent_id: z.string().min(1).max(200).optional(),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ plans: z.array(planViewSchema) }),
  async handler(args, { actor, services }) {
    const db = await planningDb(services);
    if (isFailure(db)) return db;
    // What the tracker still holds in its queue is written first, so a plan reads as it stands.
    await services.planning?.flush();
    return ok({ plans: await listPlanViews(db, args, readerOf(actor)) });
  },
});
