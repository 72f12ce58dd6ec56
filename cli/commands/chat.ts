import { parseFlags, parseSeconds } from '../flags.ts';
import { readSource, usageError, type ExitCode } from '../io.ts';

const USAGE = 'dcf chat --agent planner|conductor [--conversation <id>] [--user <email>] [--json] [--timeout <s>] "<message>" | -';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `dcf chat`: one user message to a Planner or Conductor conversation, through the same agent
 * platform, brains, database and Redis as the console, and the wait until the turn and the work it
 * started have finished (runs; a Conductor's tasks, messages and its answers to the results).
 * Prints the reply and a summary, or with `--json` `{conversation_id, reply, tool_calls, messages,
 * runs}`. Exit 0 done, 1 the agent or the work failed or the wait timed out, 2 usage.
 * The arguments are checked here, before anything heavy is loaded; cli/chat/run-chat.ts does the rest.
 */
export async function chatCommand(args: string[]): Promise<ExitCode> {
  const f = parseFlags(args, { values: ['agent', 'conversation', 'user', 'timeout'], switches: ['json'] });
  if (f.error) return usageError(`${f.error}\n${USAGE}`);
  if (f.positional.length !== 1)
    return usageError(`give the message as one argument (quote it), or - to read it from standard input\n${USAGE}`);
  const mode = f.values.agent;
  if (mode !== undefined && mode !== 'planner' && mode !== 'conductor')
    return usageError(`--agent must be planner or conductor, not "${mode}"`);
  const conversation = f.values.conversation;
  if (mode === undefined && conversation === undefined) {
    return usageError(`name the agent (--agent planner|conductor) or the conversation to continue (--conversation <id>)\n${USAGE}`);
  }
  if (conversation !== undefined && !UUID.test(conversation))
    return usageError(`--conversation must be a conversation id (a UUID), not "${conversation}"`);
  const timeout = parseSeconds(f.values.timeout, 'timeout');
  if (typeof timeout === 'object') return usageError(timeout.error);
  const source = f.positional[0]!;
  const read = source === '-' ? await readSource('-') : { text: source };
  if ('error' in read) return usageError(read.error);
  const content = read.text.trim();
  if (!content) return usageError('the message is empty');
  const { runChat } = await import('../chat/run-chat.ts');
  return runChat({ mode, conversationId: conversation, user: f.values.user, timeoutS: timeout, json: f.switches.has('json'), content });
}
