import { randomUUID } from 'node:crypto';
import type { AgentEvent, AgentPlatform } from '../contracts/agent-platform.ts';
import { systemActor } from '../contracts/audit-actor.ts';
import { sessionTasks } from '../chat/turn-open-work.ts';
import { waitForTurnWork, type WaitOutcome } from '../chat/turn-wait.ts';
import { lastMessageId } from '../chat/turn-work.ts';
import type { Db } from '../db/client.ts';
import { delegationHub } from '../delegation/connect.ts';
import { finalizeSession } from '../delegation/finalize.ts';
import { createSessionContext } from '../delegation/sessions.ts';
import type { ToolServices } from '../contracts/tool-services.ts';
import type { EvalCase } from './dataset-schema.ts';
import { evalBlocks, type DrivenCase, type WorkflowNamer } from './drive.ts';
import type { TurnObservation } from './score.ts';
import { InboxStore } from '../agents/local/inbox-store.ts';

/** How long one turn's delegated work (the Companions' tasks, the Conductor's answers to their results) may take. */
export const CONDUCTOR_TURN_BUDGET_MS = 5 * 60_000;

/**
 * One Conductor case, as a Conductor conversation of the console goes: a fresh Conductor with the
 * dataset's clock and its delegated-mode session (shared blocks, Strategist), the user's messages
 * sent one by one, and after each the work it started waited for (server/chat/turn-wait.ts: every
 * task of the session closed, every message to its agents delivered), so the answer a turn is
 * scored on includes the Conductor's merged answer to its Companions' results. A turn's tool calls
 * and runs are those of every agent of the session (the Conductor's delegations, the Companions'
 * work). The session is finalized and the Conductor deleted afterwards.
 */
export async function driveConductorCase(
  env: { db: Db; platform: AgentPlatform; services: ToolServices | undefined },
  c: EvalCase,
  opts: { clock: string; runTag: string; workflowName: WorkflowNamer; turnBudgetMs?: number },
): Promise<DrivenCase> {
  const { db, platform, services } = env;
  if (!services?.execution)
    return { turns: [], error: 'a Conductor case needs the execution runtime (Redis) for its Companions; this runner has none' };
  const x = await services.execution();
  const hub = delegationHub(platform, db, services);
  const agent = await platform.createAgent({
    template: 'conductor',
    name: `eval-${c.id}`.slice(0, 60),
    tags: ['dcf-eval', `eval-run:${opts.runTag}`, `eval-case:${c.id}`],
    blocks: evalBlocks(opts.clock),
  });
  const actor = systemActor('eval');
  let sessionId: string | null = null;
  const turns: TurnObservation[] = [];
  try {
    const { session } = await createSessionContext(hub, { session_id: randomUUID(), conductor_id: agent.id, writer: 'system:eval' });
    sessionId = session.id;
    for (const t of c.turns) {
      const tasksBefore = new Set((await sessionTasks(db, session)).map((k) => k.taskId));
      const marker = await lastMessageId(platform, agent.id);
      let done = false;
      let events: AgentEvent[] = [];
      let failure: string | null = null;
      const sent = platform
        .sendMessage(agent.id, { role: 'user', content: t.user })
        .then((e) => void (events = e))
        .catch((err: unknown) => void (failure = err instanceof Error ? err.message : String(err)))
        .finally(() => void (done = true));
      const waited = await waitForTurnWork({
        platform,
        db,
        x,
        mode: 'conductor',
        inbox: new InboxStore(db),
        agentId: agent.id,
        marker,
        content: t.user,
        turnDone: () => done,
        turnEnded: sent,
        tasksBefore,
        deadline: Date.now() + (opts.turnBudgetMs ?? CONDUCTOR_TURN_BUDGET_MS),
      });
      await sent;
      const seen = await observation(t.user, waited, events, failure, opts.workflowName);
      turns.push(seen);
      if (failure) return { turns, error: `turn ${turns.length}: the agent platform failed`, model: agent.model ?? null };
      if (!waited.done) return { turns, error: `turn ${turns.length}: ${seen.error}`, model: agent.model ?? null };
    }
    return { turns, error: null, model: agent.model ?? null };
  } finally {
    if (sessionId)
      await finalizeSession(hub, actor, { session_id: sessionId, conductor_id: agent.id, delete_companions: true, archive: false }).catch(
        () => undefined,
      );
    await platform.deleteAgent(agent.id).catch(() => false);
  }
}

/** What a Conductor turn did: its answers (the first and the merged one), every agent's tool calls, the runs they started. */
async function observation(
  user: string,
  waited: WaitOutcome,
  events: AgentEvent[],
  failure: string | null,
  workflowName: WorkflowNamer,
): Promise<TurnObservation> {
  const stop = events.find((e) => e.message_type === 'stop_reason');
  const reason = stop?.message_type === 'stop_reason' && stop.stop_reason !== 'end_turn' ? `the turn ended with ${stop.stop_reason}` : null;
  const open = waited.done ? null : `the delegated work had not finished within the turn's budget: ${waited.waitingFor.join('; ')}`;
  const runs = await Promise.all(
    waited.runs.map(async (r) => ({
      workflow_id: r.workflow_id ?? r.run_id,
      workflow_name: r.workflow_id ? await workflowName(r.workflow_id, r.version ?? undefined) : null,
      input: r.input && typeof r.input === 'object' ? (r.input as Record<string, unknown>) : {},
    })),
  );
  return {
    user,
    reply: waited.work.reply.join('\n\n'),
    calls: waited.work.tool_calls.map((k) => ({
      name: k.name,
      args: k.args && typeof k.args === 'object' ? (k.args as Record<string, unknown>) : {},
      ok: k.status === 'ok',
    })),
    runs,
    error: failure ?? waited.work.errors[0] ?? reason ?? open,
  };
}
