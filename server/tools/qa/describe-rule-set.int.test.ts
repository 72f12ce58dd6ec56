import { mkdtemp, rm, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import type { AppConfig } from '../../config.ts';
import { startDemoSkillsServer, type DemoSkillsServer } from '../../skills/demo/server/http-server.ts';
import { loadRuleSet } from '../../skills/demo/skills/compliance-rules.ts';
import { stopInProcessDemoServer } from '../../skills/invoke/in-process-demo.ts';
import { testConfig } from '../../testing/test-config.ts';
import { PROJECT_ROOT } from '../../testing/test-database.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

/**
 * describe_rule_set through the skill invoker to the compliance skill of a real demo skills server
 * over MCP: each lender's rule set as its data says, an unknown one not found, a catalog without a
 * skill that describes rule sets said plainly, and an over-long id refused before any call.
 */
describe('describe_rule_set over MCP', { timeout: 60_000 }, () => {
  let server: DemoSkillsServer;
  let config: AppConfig;
  let bare: string;
  const call = (args: unknown, cfg: AppConfig = config) =>
    invokeTool(findTool('describe_rule_set')!, args, { actor: systemActor('test'), services: { config: cfg } }) as Promise<
      Record<string, any>
    >;

  beforeAll(async () => {
    server = await startDemoSkillsServer({ port: 0, host: '127.0.0.1' });
    config = testConfig({ DCF_MCP_BASE_URL: server.url, DCF_SKILL_TIMEOUT_S: '5' });
    bare = await mkdtemp(path.join(tmpdir(), 'dcf-rules-catalog-'));
    await copyFile(path.join(PROJECT_ROOT, 'skills/crm-directory.json'), path.join(bare, 'crm-directory.json'));
  });
  afterAll(async () => {
    await server.close();
    await stopInProcessDemoServer();
    await rm(bare, { recursive: true, force: true });
  });

  it("gives each lender's rules and the segment labels its checks use", async () => {
    const demo = await call({ rule_set_id: 'compliance_rules_v2024Q4' });
    expect(demo).toMatchObject({
      status: 'ok',
      skill: 'skill://compliance-analysis@1.3.0',
      labels: ['introduction', 'security_check', 'product_detail', 'offer_explanation', 'closing'],
      labels_from: 'declared',
    });
    expect(demo.rules.map((r: { rule_id: string }) => r.rule_id)).toEqual(loadRuleSet('compliance_rules_v2024Q4').map((r) => r.rule_id));
    const second = await call({ rule_set_id: 'aldermoor_conduct_rules_2025' });
    expect(second).toMatchObject({ status: 'ok', labels_from: 'rules' });
    expect(second.rules).toHaveLength(loadRuleSet('aldermoor_conduct_rules_2025').length);
    expect(second.summary).toContain('aldermoor_conduct_rules_2025');
  });

  it('says what is wrong: an unknown rule set, no describing skill in the catalog, an id too long', async () => {
    expect(await call({ rule_set_id: 'no_such_rules' })).toMatchObject({ status: 'error', error_code: 'not_found' });
    const none = await call(
      { rule_set_id: 'compliance_rules_v2024Q4' },
      testConfig({ DCF_SKILLS_DIR: bare, DCF_MCP_BASE_URL: server.url }),
    );
    expect(none).toMatchObject({ status: 'error', error_code: 'not_found' });
    expect(none.error).toContain('describe_rule_set');
    expect(await call({ rule_set_id: 'x'.repeat(201) })).toMatchObject({ status: 'error', error_code: 'invalid_input' });
    expect(await call({})).toMatchObject({ status: 'error', error_code: 'invalid_input' });
  });
});
