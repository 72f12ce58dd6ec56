import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type PublicUser } from '../auth/users.ts';
import { listAudit } from '../audit/log.ts';
import { workflowProposals } from '../db/schema/index.ts';
import { seedWorkflowCatalog } from '../learning/workflow-catalog.ts';
import { testConfig } from '../testing/test-config.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { getWorkflowVersion } from '../workflows/store.ts';

const STANDARD = 'c4b1a2e8-5d6f-4c7a-8b1e-3f9c0d7a6b21';

/** Deciding check_workflow_health proposals from the console: reject is audited, final, and never saves a version. */
describe(`proposal decisions through tRPC (${testDbKind()})`, () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let designer: PublicUser;
  const proposal = async () => {
    const base = (await getWorkflowVersion(db.db, STANDARD, '1.0.0'))!.document;
    const id = randomUUID();
    await db.db.insert(workflowProposals).values({
      id,
      workflowId: STANDARD,
      baseVersion: '1.0.0',
      newVersion: '1.0.1',
      document: { ...base, version: '1.0.1' },
      findings: [],
      reason: 'test',
    });
    return id;
  };
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedWorkflowCatalog(db.db, testConfig().workflowsDir);
    const r = await createUser(db.db, {
      email: 'd@proposals.test',
      displayName: 'D',
      role: 'workflow_designer',
      password: 'proposals password 1',
    });
    if (!r.ok) throw new Error('setup');
    designer = r.user;
  });
  afterAll(() => db.dispose());

  it('a designer rejects a pending proposal once; it is listed as rejected by them, audited, and can no longer be accepted', async () => {
    const id = await proposal();
    const { caller } = callerFor(db.db, designer);
    expect(await caller.graph.rejectProposal({ proposal_id: id })).toEqual({ rejected: true });
    expect(await caller.graph.rejectProposal({ proposal_id: id })).toEqual({ rejected: false });
    const listed = (await caller.graph.proposals({ status: 'rejected' })).find((p) => p.id === id);
    expect(listed).toMatchObject({ status: 'rejected', decidedBy: 'd@proposals.test' });
    expect(await caller.graph.acceptUpdate({ proposal_id: id })).toMatchObject({ status: 'error', error_code: 'conflict' });
    expect(await getWorkflowVersion(db.db, STANDARD, '1.0.1')).toBeNull();
    const audit = await listAudit(db.db, { limit: 20, action: 'graph.rejectProposal' });
    expect(audit.map((a) => [a.actorId, a.resultStatus])).toEqual([
      [designer.id, 'ok'],
      [designer.id, 'ok'],
    ]);
  });
});
