import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { appRouter } from './root.ts';
import type { Access } from './init.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { verifyAuditChain } from '../audit/verify.ts';
import { auditLog, ROLES, type Role } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';

const ALL = ROLES;
const ADMIN = ['admin'] as const;
const CHAT = ['compliance_manager', 'workflow_designer', 'admin'] as const;
const EDITORS = ['workflow_designer', 'admin'] as const;
const COMPANIONS = ['compliance_manager', 'admin'] as const;
const SCHEDULES = ['compliance_manager', 'workflow_designer', 'admin'] as const;
const EVALUATORS = ['workflow_designer', 'admin'] as const;
const CALIBRATION = ['compliance_manager', 'admin'] as const;

/**
 * The access policy, written down once. Every procedure must appear here with exactly the access
 * its `.meta` declares, so adding a procedure without deciding who may call it fails this test.
 */
const POLICY: Record<string, Access> = {
  'evaluations.datasets': EVALUATORS,
  'evaluations.runs': EVALUATORS,
  'evaluations.run': EVALUATORS,
  'evaluations.compare': EVALUATORS,
  'evaluations.start': EVALUATORS,
  'calibration.list': CALIBRATION,
  'calibration.create': CALIBRATION,
  'calibration.review': CALIBRATION,
  'calibration.saveAnswers': CALIBRATION,
  'calibration.submit': CALIBRATION,
  'calibration.results': CALIBRATION,
  'calibration.close': CALIBRATION,
  'calibration.addNote': CALIBRATION,
  'calibration.notes': ALL,
  'calibration.reviewerChoices': CALIBRATION,
  'calibration.csv': CALIBRATION,
  'auth.me': 'public',
  'auth.signIn': 'public',
  'auth.signOut': 'signed_in',
  'users.list': ADMIN,
  'users.create': ADMIN,
  'users.setRole': ADMIN,
  'users.setDisabled': ADMIN,
  'users.resetPassword': ADMIN,
  'audit.list': ADMIN,
  'audit.actions': ADMIN,
  'audit.verify': ADMIN,
  'health.adapters': ALL,
  'health.process': ALL,
  'health.deadLetters': ALL,
  'health.retryDeadLetter': ADMIN,
  'health.workers': ADMIN,
  'health.queues': ADMIN,
  'health.scheduler': ADMIN,
  'health.notifications': ADMIN,
  'health.streams': ADMIN,
  'health.storage': ADMIN,
  'skills.list': ALL,
  'skills.validate': ALL,
  'skills.setDemoFaults': ['admin'],
  'workflows.validate': ALL,
  'workflows.examples': ALL,
  'workflows.compile': ALL,
  'workflows.save': EDITORS,
  'workflows.publish': EDITORS,
  'workflows.retire': EDITORS,
  'workflows.testState': EDITORS,
  'workflows.lastStateInput': EDITORS,
  'workflows.drafts.list': EDITORS,
  'workflows.drafts.get': EDITORS,
  'workflows.drafts.save': EDITORS,
  'workflows.drafts.delete': EDITORS,
  'tools.list': ALL,
  'runs.start': ['workflow_designer', 'compliance_manager', 'admin'],
  'runs.list': ALL,
  'runs.get': ALL,
  'runs.controlPlane': ALL,
  'runs.finalize': ['workflow_designer', 'compliance_manager', 'admin'],
  'runs.redrive': ['workflow_designer', 'compliance_manager', 'admin'],
  'runs.retryState': ['workflow_designer', 'compliance_manager', 'admin'],
  'runs.savedFilters.list': ALL,
  'runs.savedFilters.save': ALL,
  'runs.savedFilters.delete': ALL,
  'graph.reliability': ALL,
  'graph.lineage': ALL,
  'graph.closest': ALL,
  'graph.search': ALL,
  'graph.checkHealth': ['workflow_designer', 'admin'],
  'graph.acceptUpdate': ['workflow_designer', 'admin'],
  'graph.savedWorkflows': ALL,
  'graph.savedWorkflow': ALL,
  'graph.proposals': ALL,
  'graph.rejectProposal': ['workflow_designer', 'admin'],
  'apiTokens.list': ADMIN,
  'apiTokens.create': ADMIN,
  'apiTokens.revoke': ADMIN,
  'chat.runtime': CHAT,
  'chat.conversations': CHAT,
  'chat.create': CHAT,
  'chat.messages': CHAT,
  'chat.rename': CHAT,
  'chat.delete': CHAT,
  'agents.list': ADMIN,
  'agents.get': ADMIN,
  'agents.messages': ADMIN,
  'agents.blockRevisions': ADMIN,
  'agents.updateBlock': ADMIN,
  'companions.sessions': COMPANIONS,
  'companions.session': COMPANIONS,
  'companions.blockRevision': COMPANIONS,
  'companions.sessionOfConversation': CHAT,
  'companions.dismissCompanion': COMPANIONS,
  'companions.finalizeSession': COMPANIONS,
  'qa.list': ALL,
  'qa.get': ALL,
  'qa.summary': ALL,
  'qa.review': ['compliance_manager', 'admin'],
  'qa.agreement': ALL,
  'qa.runScores': ALL,
  'qa.options': ALL,
  'qa.clock': ALL,
  'qa.savedFilters.list': ALL,
  'qa.savedFilters.save': ALL,
  'qa.savedFilters.delete': ALL,
  'crm.advisors': ALL,
  'crm.products': ALL,
  'crm.countCalls': ALL,
  'dashboard.qaTrends': ALL,
  'dashboard.compliance': ALL,
  'dashboard.customers': ALL,
  'dashboard.coverage': ALL,
  'dashboard.operations': ALL,
  'dashboard.policies': ALL,
  'planning.plan': ALL,
  'planning.plans': ALL,
  'planning.findings': ADMIN,
  'planning.costs': ALL,
  'planning.agents': ADMIN,
  'notifications.list': 'signed_in',
  'notifications.unreadCount': 'signed_in',
  'notifications.markRead': 'signed_in',
  'notifications.markAllRead': 'signed_in',
  'notifications.send': ADMIN,
  'notifications.status': ADMIN,
  'agentMemory.files': ADMIN,
  'agentMemory.file': ADMIN,
  'collaboration.sessions': ADMIN,
  'collaboration.session': ADMIN,
  'schedules.list': SCHEDULES,
  'schedules.runs': SCHEDULES,
  'schedules.schedule': ADMIN,
  'schedules.pause': SCHEDULES,
  'schedules.resume': SCHEDULES,
  'schedules.delete': SCHEDULES,
  'schedules.runNow': SCHEDULES,
  'schedules.update': SCHEDULES,
  'schedules.createAgentInstance': ADMIN,
  'schedules.dispatch': ADMIN,
};

const UNKNOWN_USER = '00000000-0000-4000-8000-000000000000';
let seq = 0;
/** A valid input per procedure (fresh each call, so creating things never collides). */
const SAMPLE_INPUT: Record<string, () => unknown> = {
  'auth.me': () => undefined,
  'auth.signIn': () => ({ email: 'probe@access.test', password: 'probe password 1' }),
  'auth.signOut': () => undefined,
  'users.list': () => undefined,
  'users.create': () => ({ email: `new${++seq}@access.test`, displayName: 'New', role: 'stakeholder', password: 'a good password' }),
  'users.setRole': () => ({ userId: UNKNOWN_USER, role: 'stakeholder' }),
  'users.setDisabled': () => ({ userId: UNKNOWN_USER, disabled: true }),
  'users.resetPassword': () => ({ userId: UNKNOWN_USER, password: 'another password' }),
  'audit.list': () => ({ limit: 5 }),
  'audit.actions': () => undefined,
  'audit.verify': () => undefined,
  'health.adapters': () => undefined,
  'health.process': () => undefined,
  'health.deadLetters': () => ({ limit: 5 }),
  'health.retryDeadLetter': () => ({ stream: 'dcf:qa:results', id: '1-0' }),
  'health.workers': () => undefined,
  'health.queues': () => undefined,
  'health.scheduler': () => undefined,
  'health.notifications': () => undefined,
  'health.streams': () => undefined,
  'health.storage': () => undefined,
  'skills.list': () => ({ query: 'scoring' }),
  'skills.validate': () => ({ path: 'skills/scoring.json' }),
  'skills.setDemoFaults': () => ({ faults: {} }),
  'workflows.validate': () => ({ path: 'workflows/standard-advice-call-analysis.json' }),
  'workflows.examples': () => undefined,
  'workflows.compile': () => ({ workflow: { not: 'a workflow' } }),
  'workflows.save': () => ({ workflow: { not: 'a workflow' } }),
  'workflows.testState': () => ({ workflow: { asl: { StartAt: 'P', States: { P: { Type: 'Pass', End: true } } } }, state: 'P', input: {} }),
  'workflows.lastStateInput': () => ({ workflow_id: 'no-such-workflow', state: 'P' }),
  'workflows.publish': () => ({ workflow_id: 'no-such-workflow', version: '9.9.9' }),
  'workflows.retire': () => ({ workflow_id: 'no-such-workflow', version: '9.9.9' }),
  'workflows.drafts.list': () => undefined,
  'workflows.drafts.get': () => ({ id: UNKNOWN_USER }),
  'workflows.drafts.save': () => ({ title: `probe ${++seq}`, text: '{' }),
  'workflows.drafts.delete': () => ({ id: UNKNOWN_USER }),
  'runs.start': () => ({ path: 'workflows/standard-advice-call-analysis.json', input: {} }),
  'runs.list': () => ({ status: ['FAILED'], limit: 5 }),
  'runs.get': () => ({ run_id: UNKNOWN_USER }),
  'runs.controlPlane': () => ({ run_id: UNKNOWN_USER }),
  'runs.finalize': () => ({ run_id: UNKNOWN_USER, abort: true }),
  'runs.redrive': () => ({ run_id: UNKNOWN_USER }),
  'runs.retryState': () => ({ run_id: UNKNOWN_USER, state: 'TranscribeRecording' }),
  'runs.savedFilters.list': () => undefined,
  'runs.savedFilters.save': () => ({ name: `probe ${++seq}`, filter: { status: ['FAILED'] } }),
  'runs.savedFilters.delete': () => ({ id: UNKNOWN_USER }),
  'graph.reliability': () => ({ capability: 'transcription' }),
  'graph.lineage': () => ({ workflow_id: UNKNOWN_USER }),
  'graph.closest': () => ({ query: 'advice call analysis' }),
  'graph.search': () => ({ query: 'transcription' }),
  'graph.checkHealth': () => ({ workflow_id: UNKNOWN_USER }),
  'graph.acceptUpdate': () => ({ proposal_id: UNKNOWN_USER }),
  'graph.savedWorkflows': () => undefined,
  'graph.savedWorkflow': () => ({ workflow_id: UNKNOWN_USER, version: '1.0.0' }),
  'graph.proposals': () => ({}),
  'graph.rejectProposal': () => ({ proposal_id: UNKNOWN_USER }),
  'apiTokens.list': () => undefined,
  'apiTokens.create': () => ({ name: `probe ${++seq}`, agentName: 'probe-agent', scopes: ['read'] }),
  'apiTokens.revoke': () => ({ id: UNKNOWN_USER }),
  'chat.runtime': () => undefined,
  'chat.conversations': () => undefined,
  'chat.create': () => ({ mode: 'planner' }),
  'chat.messages': () => ({ conversation_id: UNKNOWN_USER }),
  'chat.rename': () => ({ conversation_id: UNKNOWN_USER, title: 'renamed' }),
  'chat.delete': () => ({ conversation_id: UNKNOWN_USER }),
  'agents.list': () => ({ query: 'planner' }),
  'agents.get': () => ({ agent_id: 'agent-unknown' }),
  'agents.messages': () => ({ agent_id: 'agent-unknown' }),
  'agents.blockRevisions': () => ({ block_id: 'block-unknown' }),
  'agents.updateBlock': () => ({ agent_id: 'agent-unknown', block_id: 'block-unknown', value: 'probe', expected_value: '' }),
  'companions.sessions': () => ({ status: 'active' }),
  'companions.session': () => ({ session_id: UNKNOWN_USER }),
  'companions.blockRevision': () => ({ session_id: UNKNOWN_USER, block_id: 'block-x', revision: 1 }),
  'companions.sessionOfConversation': () => ({ conversation_id: UNKNOWN_USER }),
  'companions.dismissCompanion': () => ({ session_id: UNKNOWN_USER, companion_id: 'companion-x' }),
  'companions.finalizeSession': () => ({ session_id: UNKNOWN_USER }),
  'tools.list': () => undefined,
  'qa.list': () => ({ filter: { vulnerable: true }, limit: 5 }),
  'qa.get': () => ({ qa_result_id: UNKNOWN_USER }),
  'qa.summary': () => ({ filter: { vulnerable: true }, group_by: 'advisor' }),
  'qa.review': () => ({ review: { qa_result_id: UNKNOWN_USER, action: 'comment', comment: 'probe' } }),
  'qa.agreement': () => undefined,
  'qa.runScores': () => ({ run_ids: [UNKNOWN_USER] }),
  'qa.options': () => undefined,
  'qa.clock': () => undefined,
  'qa.savedFilters.list': () => undefined,
  'qa.savedFilters.save': () => ({ name: `probe ${++seq}`, filter: { vulnerable: true } }),
  'qa.savedFilters.delete': () => ({ id: UNKNOWN_USER }),
  'crm.advisors': () => ({ team: 'Home Finance North' }),
  'crm.products': () => undefined,
  'crm.countCalls': () => ({ advisor_names: ['Alex Wong'], start_date: '2024-07-01', end_date: '2024-07-07' }),
  'dashboard.qaTrends': () => ({ advisor: 'Alex Wong' }),
  'dashboard.compliance': () => ({ team: 'Home Finance North' }),
  'dashboard.customers': () => ({ product: 'HELOC 2.0' }),
  'dashboard.coverage': () => ({ from: '2024-07-01', to: '2024-07-07' }),
  'dashboard.operations': () => ({ days: 7 }),
  'dashboard.policies': () => ({ source: 'offline_replay', capability: 'transcription' }),
  'planning.plan': () => ({ plan_id: UNKNOWN_USER }),
  'planning.plans': () => ({ session_id: UNKNOWN_USER, limit: 5 }),
  'planning.findings': () => ({ type: 'BudgetExceeded', limit: 5 }),
  'planning.costs': () => ({ dimension: 'agent' }),
  'planning.agents': () => undefined,
  'notifications.list': () => ({ limit: 5 }),
  'notifications.unreadCount': () => undefined,
  'notifications.markRead': () => ({ ids: [UNKNOWN_USER] }),
  'notifications.markAllRead': () => undefined,
  'notifications.send': () => ({ channels: ['UI_ALERT'], message_text: 'access probe' }),
  'notifications.status': () => ({ notification_id: UNKNOWN_USER }),
  'agentMemory.files': () => ({ agent_id: 'agent-unknown' }),
  'agentMemory.file': () => ({ agent_id: 'agent-unknown', path: 'notes.md' }),
  'collaboration.sessions': () => undefined,
  'collaboration.session': () => ({ id: 'collab-unknown' }),
  'schedules.list': () => ({}),
  'calibration.list': () => ({}),
  'calibration.create': () => ({
    name: 'probe',
    sample: { filter: { call_id: 'no-such-call' }, method: 'newest', size: 1 },
    reviewer_ids: [UNKNOWN_USER, UNKNOWN_USER.replace(/0$/, '1')],
    due_date: '2026-12-01',
  }),
  'calibration.review': () => ({ session_id: UNKNOWN_USER }),
  'calibration.saveAnswers': () => ({ session_id: UNKNOWN_USER, answers: [{ qa_result_id: UNKNOWN_USER, rule_id: 'R', answer: 'pass' }] }),
  'calibration.submit': () => ({ session_id: UNKNOWN_USER }),
  'calibration.results': () => ({ session_id: UNKNOWN_USER }),
  'calibration.close': () => ({ session_id: UNKNOWN_USER }),
  'calibration.addNote': () => ({ session_id: UNKNOWN_USER, rule_id: 'R', note: 'probe' }),
  'calibration.notes': () => ({ rule_ids: ['R'] }),
  'calibration.reviewerChoices': () => undefined,
  'calibration.csv': () => ({ session_id: UNKNOWN_USER }),
  'evaluations.datasets': () => undefined,
  'evaluations.runs': () => ({}),
  'evaluations.run': () => ({ id: UNKNOWN_USER }),
  'evaluations.compare': () => ({ base: UNKNOWN_USER, other: UNKNOWN_USER }),
  // A dataset that does not exist: an allowed caller gets NOT_FOUND (or no agents here), never a run.
  'evaluations.start': () => ({ dataset: 'no-such-dataset' }),
  'schedules.runs': () => ({ internal_job_id: UNKNOWN_USER }),
  'schedules.schedule': () => ({
    job_name: `probe-${++seq}`,
    job_type_identifier: 'PROBE',
    interval_seconds: 600,
    target_agent_id_on_trigger: 'agent-unknown',
    task_type_on_trigger: 'PROBE',
    task_payload_on_trigger_json: '{}',
  }),
  'schedules.pause': () => ({ internal_job_id: UNKNOWN_USER }),
  'schedules.resume': () => ({ internal_job_id: UNKNOWN_USER }),
  'schedules.delete': () => ({ internal_job_id: UNKNOWN_USER }),
  'schedules.runNow': () => ({ internal_job_id: UNKNOWN_USER }),
  'schedules.update': () => ({ internal_job_id: UNKNOWN_USER, new_job_name: 'x' }),
  'schedules.createAgentInstance': () => ({
    agent_type_template: 'no-such-template',
    agent_name_label: 'probe',
    initial_config_json: '{}',
  }),
  'schedules.dispatch': () => ({ target_agent_id: 'agent-unknown', task_type: 'PROBE', task_payload_json: '{}' }),
};

type Procedures = Record<string, { _def: { meta?: { access?: Access }; type: string } }>;
const procedures = (appRouter._def as unknown as { procedures: Procedures }).procedures;

function call(caller: unknown, path: string, input: unknown): Promise<unknown> {
  const fn = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (fn as (i: unknown) => Promise<unknown>)(input);
}

const allows = (access: Access, user: PublicUser | null) =>
  access === 'public' || (user !== null && (access === 'signed_in' || access.includes(user.role)));

describe(`role checks on every procedure (${testDbKind()})`, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  const users = new Map<Role, PublicUser>();
  beforeAll(async () => {
    h = await createTestDatabase();
    for (const role of ROLES) {
      const r = await createUser(h.db, { email: `${role}@access.test`, displayName: role, role, password: 'role password 1' });
      if (r.ok) users.set(role, r.user);
    }
    await createUser(h.db, { email: 'probe@access.test', displayName: 'probe', role: 'stakeholder', password: 'probe password 1' });
  });
  afterAll(() => h.dispose());

  it('declares access on every procedure, exactly as the policy says', () => {
    expect(Object.keys(procedures).sort()).toEqual(Object.keys(POLICY).sort());
    for (const [path, proc] of Object.entries(procedures)) expect(proc._def.meta?.access, path).toEqual(POLICY[path]);
  });

  const callers: Array<[string, () => PublicUser | null]> = [
    ['anonymous', () => null],
    ...ROLES.map((r): [string, () => PublicUser | null] => [r, () => users.get(r)!]),
  ];
  for (const path of Object.keys(POLICY)) {
    for (const [who, user] of callers) {
      it(`${path} as ${who}`, async () => {
        const { caller } = callerFor(h.db, user());
        const outcome = await call(caller, path, SAMPLE_INPUT[path]!()).then(
          () => 'ok',
          (e: { code?: string }) => e.code ?? 'error',
        );
        if (allows(POLICY[path]!, user())) expect(outcome, `${who} may call ${path}`).not.toMatch(/UNAUTHORIZED|FORBIDDEN/);
        else expect(outcome, `${who} may not call ${path}`).toBe(user() ? 'FORBIDDEN' : 'UNAUTHORIZED');
      });
    }
  }

  it('audited every mutation attempt, refused ones included', async () => {
    const rows = await h.db.select().from(auditLog).where(eq(auditLog.action, 'users.create')).orderBy(desc(auditLog.id));
    const statuses = rows.map((r) => `${r.actorLabel}:${r.resultStatus}`).sort();
    expect(statuses).toEqual(
      [
        'admin@access.test:ok',
        'anonymous:forbidden',
        'compliance_manager@access.test:forbidden',
        'stakeholder@access.test:forbidden',
        'workflow_designer@access.test:forbidden',
      ].sort(),
    );
    expect(rows.every((r) => /^sha256:[0-9a-f]{64}$/.test(r.argsDigest))).toBe(true);
  });

  it('chained every audit entry those calls wrote into one intact hash chain', async () => {
    const result = await verifyAuditChain(h.db);
    expect(result).toMatchObject({ intact: true, unchained: 0 });
    expect(result.checked).toBeGreaterThan(50);
  });
});
