/**
 * Messages to an agent from another agent or queued by the host: the gate's check at send, the
 * durable inbox for async messages, a turn of the receiver awaited for its reply (with a timeout),
 * and one message to every agent matching tags, each reply awaited.
 */
import type { InboundMessage } from '../../contracts/agent-platform.ts';
import { beforeDeadline, LATE } from '../../../lib/deadline.ts';
import { requireAgent } from './agent-resources.ts';
import { collect, queuedTurn, trackInBackground } from './agent-turns.ts';
import { AgentPlatformError } from './errors.ts';
import type { LocalRuntime } from './local-runtime.ts';
import { replyOf, waitEnvelope } from './messages-between-agents.ts';

/** Writes the message to the agent's durable inbox (after the gate accepted it) and starts its delivery. */
export async function enqueueMessage(rt: LocalRuntime, agentId: string, message: InboundMessage): Promise<void> {
  if (rt.closed) throw new AgentPlatformError('conflict', 'the agent platform is closing');
  await requireAgent(rt.agents, agentId);
  await checkAtSend(rt, message.sender_agent_id ?? null, agentId, message.content);
  await rt.inbox.enqueue(agentId, message);
  rt.delivery.kick(agentId);
}

/** An agent's message to another, delivered durably after the receiver's running turn (see enqueueMessage). */
export function sendToAgentAsync(rt: LocalRuntime, from: string, to: string, text: string): Promise<void> {
  return enqueueMessage(rt, to, { role: 'user', content: text, sender_agent_id: from });
}

/** The gate's verdict on a message about to be sent: a refusal is an `invalid` error with its reason. */
export async function checkAtSend(rt: Pick<LocalRuntime, 'gate' | 'log'>, from: string | null, to: string, text: string): Promise<void> {
  const refusal = await rt.gate?.onSend({ from, to, text });
  if (refusal) {
    rt.log.warn({ from, to, refusal }, 'message refused at send');
    throw new AgentPlatformError('invalid', refusal);
  }
}

/**
 * Runs the receiver's turn for the message and returns its reply; after `timeoutMs` (default
 * replyTimeoutMs) the wait fails while the turn goes on (tracked, its reply stored in its history).
 */
export async function waitForReply(
  rt: LocalRuntime,
  from: string,
  to: string,
  text: string,
  chain: string[],
  timeoutMs = rt.replyTimeoutMs,
): Promise<string> {
  if (from === to) throw new AgentPlatformError('invalid', 'an agent cannot wait for its own reply');
  await requireAgent(rt.agents, to);
  await checkAtSend(rt, from, to, text);
  const turn = collect(
    queuedTurn(rt, to, { role: 'user', content: waitEnvelope(from, text), sender_agent_id: from }, { max_steps: rt.maxSteps, chain }),
  );
  trackInBackground(
    rt,
    turn.then(() => undefined),
  );
  const reply = await beforeDeadline(turn, timeoutMs);
  if (reply === LATE) {
    const late = `no reply from agent ${to} within ${Math.round(timeoutMs / 1000)} s; its turn goes on and its reply will be in its history`;
    throw new AgentPlatformError('conflict', late);
  }
  return replyOf(to, reply);
}

/** The message to every agent matching the tags, but the sender and the agents waiting for a reply up this call chain; each reply awaited. */
export async function broadcastByTags(
  rt: LocalRuntime,
  from: string,
  q: { match_all: string[]; match_some: string[] },
  text: string,
  chain: string[],
): Promise<Array<{ agent_id: string; reply: string }>> {
  const ids = (await rt.agents.find({ matchAll: q.match_all, matchSome: q.match_some })).filter((id) => id !== from && !chain.includes(id));
  // A message the gate refuses is refused as a whole, not as one error reply per receiver.
  if (ids.length) await checkAtSend(rt, from, ids[0]!, text);
  return Promise.all(
    ids.map((id) =>
      waitForReply(rt, from, id, text, chain).then(
        (reply) => ({ agent_id: id, reply }),
        (err: unknown) => ({ agent_id: id, reply: `error: ${err instanceof Error ? err.message : String(err)}` }),
      ),
    ),
  );
}
