import { z } from 'zod';
import { dispatchTask } from '../../orchestration/dispatch.ts';
import { fail, ok } from '../../tool-result.ts';
import { defineTool } from '../define-tool.ts';
import { dispatcherOf, isToolFailure, jsonObject, jsonParam, withPlatform } from './orchestration.ts';

/** agent-memory-and-orchestration-tools.md 5.2 `dispatch_task_to_agent`. */
export const dispatchTaskToAgentTool = defineTool({
  name: 'dispatch_task_to_agent',
  description:
    'Send a task to an agent through its durable inbox (delivered after its running turn, also after ' +
    'restarts). The agent receives one JSON message ' +
    '{"type":"dispatched_task","dispatched_task_id","task_type","task_payload","reply_expected","dispatched_by"}. ' +
    "dispatch_status is QUEUED_FOR_DELIVERY until the agent's turn takes it, then " +
    "DELIVERY_ACKNOWLEDGED. With reply_expected, the agent's answer is sent back to the dispatching " +
    'agent as a {"type":"dispatched_task_reply",...} message (a user or system dispatcher finds it ' +
    'recorded on the dispatch).',
  readOnly: false,
  input: z.object({
    target_agent_id: z.string().min(1).max(200),
    task_type: z.string().min(1).max(200).describe('What kind of task, e.g. "QA_REVIEW".'),
    task_payload_json: z.string().max(100_000).describe("JSON object: the task's data and parameters."),
    reply_expected: z.boolean().default(false),
  }),
  output: z.object({
    target_agent_id: z.string(),
    dispatched_task_id: z.string(),
    dispatch_status: z
      .enum(['QUEUED_FOR_DELIVERY', 'DELIVERY_ACKNOWLEDGED'])
      .describe("The spec's status attribute (the envelope has its own status)."),
  }),
  async handler(args, { actor, services }) {
    const payload = jsonParam('task_payload_json', args.task_payload_json, jsonObject);
    if (isToolFailure(payload)) return payload;
    return withPlatform(services, async (platform, db) => {
      if (!(await platform.getAgent(args.target_agent_id))) return fail('not_found', `no agent ${args.target_agent_id}`);
      const d = await dispatchTask(platform, db, {
        targetAgentId: args.target_agent_id,
        taskType: args.task_type,
        taskPayload: payload ?? {},
        replyExpected: args.reply_expected,
        dispatcher: dispatcherOf(actor),
      });
      return ok({
        target_agent_id: args.target_agent_id,
        dispatched_task_id: d.dispatched_task_id,
        dispatch_status: d.status,
      });
    });
  },
});
