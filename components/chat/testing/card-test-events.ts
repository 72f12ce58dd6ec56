import pilot from '../../../workflows/standard-advice-call-analysis.json';
import { foldThread, type ThreadEvent, type ToolItem } from '../thread';

/**
 * What the chat card tests (cards-*.test.ts) build threads from: a tool call and its return as the
 * chat's events carry them, the tool item the thread folds them into, and a run as get_workflow_run
 * returns it (of the pilot workflow).
 */
let n = 0;
/** A tool call and (optionally) its return, as the chat's events carry them. */
export function pair(name: string, args: unknown, ret?: unknown, argsAsText = false): ThreadEvent[] {
  const id = `call_${++n}`;
  const events: ThreadEvent[] = [
    {
      message_type: 'tool_call_message',
      id: `m${n}`,
      tool_call: { tool_call_id: id, name, arguments: argsAsText ? (args as string) : JSON.stringify(args) },
    },
  ];
  if (ret !== undefined)
    events.push({
      message_type: 'tool_return_message',
      id: `r${n}`,
      tool_call_id: id,
      name,
      status: 'success',
      tool_return: typeof ret === 'string' ? ret : JSON.stringify(ret),
    });
  return events;
}
export const tool = (events: ThreadEvent[]) => foldThread(events.map((event) => ({ event })))[0] as ToolItem;

export const RUN_ID = '921d6136-b820-4682-a221-8c47396caf87';
export const runView = (status: string, output: unknown) => ({
  status: 'ok',
  error: null,
  run: {
    run_id: RUN_ID,
    workflow_id: pilot.workflow_id,
    workflow_name: pilot.workflow_name,
    workflow_version: '1.0.0',
    status,
    output,
    error: null,
    cause: null,
    started_at: '2024-07-08T10:00:00Z',
    finished_at: null,
  },
  meta: {},
  states: { CalculateScore: { status: status === 'SUCCEEDED' ? 'done' : 'pending', attempts: 1 } },
  entries: {},
  data: {},
  events: [],
});
