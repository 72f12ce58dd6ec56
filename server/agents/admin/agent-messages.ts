import type { AgentPlatform, StoredMessage } from '../../contracts/agent-platform.ts';
import { AgentAdminError } from './errors.ts';

/** One page of an agent's history, newest first; `next_before` pages on to older messages (null: none left). */
export interface MessagePage {
  messages: StoredMessage[];
  next_before: string | null;
}

/**
 * The agent's messages before the message `before` (from the newest when absent), newest first,
 * `limit` at a time. One more than asked is read to know whether older messages remain.
 */
export async function agentMessagesPage(
  platform: AgentPlatform,
  agentId: string,
  opts: { limit: number; before?: string },
): Promise<MessagePage> {
  if (!(await platform.getAgent(agentId))) throw new AgentAdminError('not_found', `no agent ${agentId}`);
  const oldestFirst = await platform.listMessages(agentId, { limit: opts.limit + 1, ...(opts.before ? { before: opts.before } : {}) });
  const more = oldestFirst.length > opts.limit;
  const page = (more ? oldestFirst.slice(1) : oldestFirst).reverse();
  return { messages: page, next_before: more ? (page.at(-1)?.id ?? null) : null };
}
