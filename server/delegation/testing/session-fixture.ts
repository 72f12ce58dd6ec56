import pino from 'pino';
import type { Brain } from '../../agents/brains/brain.ts';
import { DeterministicBrains } from '../../agents/brains/deterministic.ts';
import { deterministicBrains } from '../../agents/brains/select.ts';
import { LocalAgentPlatform } from '../../agents/local/local-platform.ts';
import { eventually } from '../../agents/local/testing/platform-harness.ts';
import type { Actor } from '../../contracts/audit-actor.ts';
import { createUser, type PublicUser } from '../../auth/users.ts';
import { createConversation } from '../../chat/conversations.ts';
import type { ConversationRow } from '../../db/schema/chat.ts';
import type { DelegationEventRow, DelegationSessionRow } from '../../db/schema/delegation.ts';
import type { ExecutionRuntime } from '../../execution/runtime.ts';
import { createTestDatabase, isolatedRedis } from '../../testing/test-database.ts';
import { testConfig } from '../../testing/test-config.ts';
import type { ToolServices } from '../../contracts/tool-services.ts';
import { createCompanionTool } from '../../tools/delegation/create-companion.ts';
import { delegateTaskTool } from '../../tools/delegation/delegate-task.ts';
import { invokeTool } from '../../tools/invoke.ts';
import { delegationHub } from '../connect.ts';
import type { DelegationHub } from '../hub.ts';
import { delegationGate } from '../message-gate.ts';
import type { SessionEventKind } from '../session-store.ts';

/**
 * TEST SUPPORT: delegated mode on a test database with the production wiring — the local agent
 * platform with the delegation message gate, the hub from connect.ts, the DCF+ tools — and, with
 * `redis`, a real execution runtime so session events are published. Agents think with quiet
 * brains that only acknowledge, so each test decides what the Companions and the Strategist say:
 * their protocol messages are sent as those agents, through the platform and the gate.
 */
const quiet = (role: string): Brain => ({ name: `test:${role}`, decide: async () => ({ kind: 'message', content: 'Noted.' }) });

/** What a Companion's task_result says (the fixture fills in the rest of the message). */
export interface ResultSpec {
  status: 'succeeded' | 'failed';
  summary: string;
  error?: string;
  failed_skill?: string;
  duration_s?: number;
  skills_used?: string[];
}

export interface SessionFixture {
  db: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  platform: LocalAgentPlatform;
  services: ToolServices;
  hub: DelegationHub;
  users: { alice: PublicUser; bob: PublicUser; admin: PublicUser; designer: PublicUser; stakeholder: PublicUser };
  /** A Conductor conversation of `user` and the session it started. */
  conductorSession(user: PublicUser): Promise<{ conversation: ConversationRow; session: DelegationSessionRow }>;
  /** create_companion as the session's Conductor. */
  companion(session: DelegationSessionRow, opts?: { specialization?: string; skills?: string[] }): Promise<string>;
  /** delegate_task as the session's Conductor. */
  delegate(
    session: DelegationSessionRow,
    companionId: string,
    taskId: string,
    opts?: { description?: string; skills?: string[] },
  ): Promise<void>;
  /** The Companion reports progress to its Conductor; resolves once the session recorded it. */
  progress(session: DelegationSessionRow, companionId: string, taskId: string, pct: number, message: string): Promise<DelegationEventRow>;
  /** The Companion's task_result; resolves once the session recorded it. */
  result(session: DelegationSessionRow, companionId: string, taskId: string, r: ResultSpec): Promise<DelegationEventRow>;
  /** The Strategist's strategic_advice to the Conductor; resolves once recorded. */
  advice(session: DelegationSessionRow, recommendation: string): Promise<DelegationEventRow>;
  close(): Promise<void>;
}

export async function sessionFixture(opts: { redis?: boolean } = {}): Promise<SessionFixture> {
  const handle = await createTestDatabase();
  const db = handle.db;
  const config = testConfig();
  const log = pino({ level: 'silent' });
  let runtime: ExecutionRuntime | undefined;
  if (opts.redis) {
    const { createExecutionRuntime } = await import('../../execution/runtime.ts');
    runtime = await createExecutionRuntime(config, await isolatedRedis(), log);
  }
  let platform!: LocalAgentPlatform;
  const services: ToolServices = {
    config,
    db: async () => db,
    agents: async () => platform,
    ...(runtime ? { execution: async () => runtime.x } : {}),
  };
  const brains = new DeterministicBrains();
  for (const role of ['conductor', 'companion', 'strategist']) brains.register(role, quiet(role));
  platform = new LocalAgentPlatform({
    db,
    toolServices: services,
    brains: deterministicBrains(brains),
    audit: null,
    log,
    inboxSweepMs: 100,
    gate: delegationGate(async () => delegationHub(platform, db, services, log)),
  });
  const hub = delegationHub(platform, db, services, log);

  const user = async (email: string, role: PublicUser['role'], displayName: string) => {
    const r = await createUser(db, { email, displayName, role, password: 'fixture password 1' });
    if (!r.ok) throw new Error(`cannot create ${email}`);
    return r.user;
  };
  const users = {
    alice: await user('alice@sessions.test', 'compliance_manager', 'Alice Adams'),
    bob: await user('bob@sessions.test', 'compliance_manager', 'Bob Brown'),
    admin: await user('admin@sessions.test', 'admin', 'Avery Admin'),
    designer: await user('dana@sessions.test', 'workflow_designer', 'Dana Designer'),
    stakeholder: await user('sam@sessions.test', 'stakeholder', 'Sam Stakeholder'),
  };
  const conductor = (s: DelegationSessionRow): Actor => ({ kind: 'agent', id: s.conductorId, label: 'conductor' });
  const recorded = (sessionId: string, kind: SessionEventKind, taskId: string | null, after: number) =>
    eventually(async () => (await hub.store.events(sessionId, { after, kinds: [kind] })).find((e) => e.taskId === taskId));
  const lastId = async (sessionId: string) => (await hub.store.events(sessionId)).at(-1)?.id ?? 0;
  const sendAs = async (
    from: string,
    s: DelegationSessionRow,
    kind: SessionEventKind,
    taskId: string | null,
    message: Record<string, unknown>,
  ) => {
    const after = await lastId(s.id);
    await platform.sendMessageToAgentAsync(from, s.conductorId, JSON.stringify(message));
    const event = await recorded(s.id, kind, taskId, after);
    // The Conductor's turn for the message ends with `conductor_answered`: the session is quiet again.
    await recorded(s.id, 'conductor_answered', null, event.id);
    return event;
  };
  const ok = <T extends { status: string; error?: unknown }>(r: T): T => {
    if (r.status !== 'ok') throw new Error(`tool failed: ${String(r.error)}`);
    return r;
  };

  return {
    db,
    platform,
    services,
    hub,
    users,
    async conductorSession(u) {
      const conversation = await createConversation(db, platform, u, 'conductor', undefined, services);
      const session = await hub.store.sessionOfConductor(conversation.agentId);
      if (!session) throw new Error('the Conductor conversation started no session');
      return { conversation, session };
    },
    async companion(s, o = {}) {
      const r = ok(
        await invokeTool(
          createCompanionTool,
          {
            session_id: s.id,
            conductor_id: s.conductorId,
            specialization: o.specialization ?? 'call-review',
            shared_block_ids_json: JSON.stringify([s.sessionContextBlockId]),
            initial_skills_json: JSON.stringify(o.skills ?? []),
          },
          { actor: conductor(s), services },
        ),
      );
      return (r as { companion_id: string }).companion_id;
    },
    async delegate(s, companionId, taskId, o = {}) {
      ok(
        await invokeTool(
          delegateTaskTool,
          {
            companion_id: companionId,
            task_id: taskId,
            description: o.description ?? `Review the calls for ${taskId}`,
            skills_required_json: JSON.stringify(o.skills ?? ['skill://builtin.echo@1.0.0']),
          },
          { actor: conductor(s), services },
        ),
      );
    },
    progress: (s, companionId, taskId, pct, message) =>
      sendAs(companionId, s, 'task_progress', taskId, {
        type: 'task_progress',
        task_id: taskId,
        progress_pct: pct,
        status_message: message,
        companion_id: companionId,
        updated_at: new Date().toISOString(),
      }),
    result: (s, companionId, taskId, r) =>
      sendAs(companionId, s, 'task_result', taskId, {
        type: 'task_result',
        task_id: taskId,
        status: r.status,
        output: { summary: r.summary, ...(r.error ? { error: r.error } : {}), ...(r.failed_skill ? { failed_skill: r.failed_skill } : {}) },
        metrics: { duration_s: r.duration_s ?? 12, tool_calls: 2, skills_used: r.skills_used ?? ['skill://builtin.echo@1.0.0'] },
        companion_id: companionId,
        completed_at: new Date().toISOString(),
      }),
    advice: (s, recommendation) =>
      sendAs(s.strategistId!, s, 'strategic_advice', null, {
        type: 'strategic_advice',
        advice_type: 'skill_preference',
        recommendation,
        evidence: { whisper_failures: 3, tasks_observed: 5 },
        confidence: 0.8,
        strategist_id: s.strategistId,
        advised_at: new Date().toISOString(),
      }),
    async close() {
      await platform.close();
      await runtime?.close();
      await handle.dispose();
    },
  };
}
