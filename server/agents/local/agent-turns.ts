/**
 * An agent's turns in this process: each one after the agent's turns queued before it (the turn
 * queue, then the cross-process turn lease), the work nobody awaits tracked until it ends, and after a turn the sleep-time companion
 * woken when the agent's `sleeptime_frequency` turns have passed.
 */
import type { AgentRow } from '../../db/schema/agents.ts';
import type { AgentEvent, InboundMessage } from '../../contracts/agent-platform.ts';
import { runTurn, type TurnOptions } from './agent-loop.ts';
import { requireAgent } from './agent-resources.ts';
import type { LocalRuntime } from './local-runtime.ts';
import { sleeptimeTranscript } from './messages-between-agents.ts';
import { reserveTurn, type TurnPlace } from './turn-lease.ts';

type TurnRuntime = Pick<
  LocalRuntime,
  'agents' | 'messages' | 'inbox' | 'delivery' | 'queue' | 'turnLease' | 'background' | 'deps' | 'log' | 'closed'
>;

/**
 * A turn of `agentId`, after the turns queued before it here and elsewhere (its place taken at the
 * first step, or earlier as `place`; turn-lease.ts). A turn whose cross-process lease is lost
 * (another process may run the agent now) is cancelled at its next step, as if its caller had.
 */
export async function* queuedTurn(
  rt: TurnRuntime,
  agentId: string,
  message: InboundMessage,
  opts: TurnOptions,
  place?: TurnPlace,
): AsyncGenerator<AgentEvent> {
  const mine = place ?? reserveTurn(rt, agentId, opts.signal);
  let agent: AgentRow | null = null;
  try {
    const lost = await mine.ready;
    agent = await requireAgent(rt.agents, agentId);
    const signal = lost && opts.signal ? AbortSignal.any([opts.signal, lost]) : (lost ?? opts.signal);
    yield* runTurn(rt.deps, agent, message, { ...opts, signal });
  } finally {
    mine.release();
  }
  trackInBackground(rt, wakeSleeptime(rt, agent));
}

/** Keeps `work` in `rt.background` until it settles; a failure is logged, never thrown. */
export function trackInBackground(rt: Pick<LocalRuntime, 'background' | 'log'>, work: Promise<void>): void {
  const tracked = work.catch((err: unknown) => rt.log.warn({ err }, 'background agent turn failed'));
  rt.background.add(tracked);
  void tracked.finally(() => rt.background.delete(tracked));
}

/** After every `sleeptime_frequency` turns of an agent, its sleep-time companion gets the transcript of those turns. */
async function wakeSleeptime(rt: TurnRuntime, agent: AgentRow): Promise<void> {
  if (!agent.sleeptimeAgentId || !agent.sleeptimeFrequency || rt.closed) return;
  const turns = await rt.messages.countInbound(agent.id);
  if (turns % agent.sleeptimeFrequency !== 0) return;
  const recent = await rt.messages.list(agent.id, { limit: rt.deps.historyLimit });
  await rt.inbox.enqueue(agent.sleeptimeAgentId, {
    role: 'user',
    content: sleeptimeTranscript(agent, recent, agent.sleeptimeFrequency),
  });
  rt.delivery.kick(agent.sleeptimeAgentId);
}

/** Every event of a turn, once it has ended. */
export async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of events) out.push(e);
  return out;
}
