import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../contracts/audit-actor.ts';
import { createUser, type PublicUser } from '../auth/users.ts';
import { ROLES, type Role } from '../db/schema/index.ts';
import { createTestDatabase, testDbKind } from '../testing/test-database.ts';
import { testConfig } from '../testing/test-config.ts';
import { callerFor } from '../testing/trpc-caller.ts';
import { invokeTool } from '../tools/invoke.ts';
import { getSkillsetTool } from '../tools/skills/get-skillset.ts';

/**
 * The skill catalog (skills.list) by role (issue 16): the test-only skills (skills/builtin.*.json)
 * are listed for workflow designers and admins only, left out on the server for everyone else —
 * count included. The get_skillset tool, which agents call, is unchanged.
 */
const TEST_ONLY = ['skill://builtin.echo@1.0.0', 'skill://builtin.fail@1.0.0', 'skill://builtin.sleep@1.0.0'];

describe(`skills.list by role (${testDbKind()})`, { timeout: 60_000 }, () => {
  let h: Awaited<ReturnType<typeof createTestDatabase>>;
  const users = new Map<Role, PublicUser>();
  beforeAll(async () => {
    h = await createTestDatabase();
    for (const role of ROLES) {
      const r = await createUser(h.db, { email: `${role}@catalog.test`, displayName: role, role, password: 'catalog password' });
      if (!r.ok) throw new Error('setup');
      users.set(role, r.user);
    }
  });
  afterAll(() => h.dispose());

  const list = async (role: Role, input: { query?: string; tag?: string } = {}) => {
    const r = await callerFor(h.db, users.get(role)!).caller.skills.list(input);
    if (r.status !== 'ok') throw new Error(r.error);
    return r;
  };

  it('shows the test-only skills to designers and admins, exactly as the tool lists them', async () => {
    const tool = await invokeTool(getSkillsetTool, {}, { actor: systemActor('test'), services: { config: testConfig() } });
    if (tool.status !== 'ok') throw new Error(tool.error);
    expect(tool.skills.map((s) => s.uri)).toEqual(expect.arrayContaining(TEST_ONLY));
    for (const role of ['workflow_designer', 'admin'] as const) expect(await list(role)).toEqual(tool);
  });

  it('leaves them out for compliance managers and stakeholders, also from searches and tag filters', async () => {
    const full = await list('workflow_designer');
    for (const role of ['compliance_manager', 'stakeholder'] as const) {
      const r = await list(role);
      expect(r.skills.map((s) => s.uri)).toEqual(full.skills.map((s) => s.uri).filter((u) => !TEST_ONLY.includes(u)));
      expect(r.count).toBe(full.count - TEST_ONLY.length);
      expect((await list(role, { tag: 'testing' })).skills).toEqual([]);
      expect((await list(role, { query: 'built-in' })).count).toBe(0);
      expect((await list('workflow_designer', { query: 'built-in' })).count).toBeGreaterThan(0);
    }
  });
});
