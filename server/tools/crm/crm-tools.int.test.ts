import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../contracts/audit-actor.ts';
import type { AppConfig } from '../../config.ts';
import { demoDataset } from '../../skills/demo/dataset/generate.ts';
import { startDemoSkillsServer, type DemoSkillsServer } from '../../skills/demo/server/http-server.ts';
import { callDemoTool } from '../../skills/demo/skills/catalog.ts';
import { stopInProcessDemoServer } from '../../skills/invoke/in-process-demo.ts';
import { testConfig } from '../../testing/test-config.ts';
import { PROJECT_ROOT } from '../../testing/test-database.ts';
import { invokeTool } from '../invoke.ts';
import { findTool } from '../registry.ts';

/**
 * list_advisors, list_products and count_calls through the skill invoker to the crm-directory
 * skill of a real demo skills server over MCP (DCF_MCP_BASE_URL), and what each says when the
 * server faults, times out, is not there, or the catalog has no such skill.
 */
const week = { start_date: '2024-07-01', end_date: '2024-07-07' };

describe('the CRM directory tools over MCP', { timeout: 60_000 }, () => {
  let server: DemoSkillsServer;
  let config: AppConfig;
  let bare: string;
  const call = (tool: string, args: unknown, cfg: AppConfig = config) =>
    invokeTool(findTool(tool)!, args, { actor: systemActor('test'), services: { config: cfg } }) as Promise<Record<string, any>>;

  beforeAll(async () => {
    server = await startDemoSkillsServer({ port: 0, host: '127.0.0.1' });
    config = testConfig({ DCF_MCP_BASE_URL: server.url, DCF_SKILL_TIMEOUT_S: '1' });
    // A catalog without the CRM directory: only the salesforce skill.
    bare = await mkdtemp(path.join(tmpdir(), 'dcf-crm-catalog-'));
    await copyFile(path.join(PROJECT_ROOT, 'skills/salesforce-integration.json'), path.join(bare, 'salesforce-integration.json'));
  });
  afterAll(async () => {
    await server.close();
    await stopInProcessDemoServer();
    await rm(bare, { recursive: true, force: true });
  });

  it("list_advisors gives the CRM's advisors and teams, of one team on request", async () => {
    const all = await call('list_advisors', {});
    expect(all).toMatchObject({ status: 'ok', teams: ['Home Finance North', 'Home Finance South'], summary: '8 advisors in 2 teams.' });
    expect(all.advisors).toEqual(demoDataset().advisors.map(({ advisor_id, name, team }) => ({ advisor_id, name, team })));
    const south = await call('list_advisors', { team: 'home finance south' });
    expect(south.advisors.map((a: { name: string }) => a.name)).toEqual([
      "James O'Connor",
      'Fatima Khan',
      'Daniel Brooks',
      'Sophie Turner',
    ]);
    expect(await call('list_advisors', { team: 'Mortgages' })).toMatchObject({
      status: 'error',
      error_code: 'not_found',
      error: expect.stringMatching(/^no team named "Mortgages" \(known: Home Finance North/),
      details: { skill: 'skill://crm-directory@1.0.0', tool: 'list_advisors', skill_error: { error: 'TeamNotFound' } },
    });
  });

  it('list_products gives what the skill computes in process', async () => {
    const r = await call('list_products', {});
    expect(r.status).toBe('ok');
    expect(r.products).toEqual(callDemoTool('skill://crm-directory@1.0.0#list_products', {}).data.products);
    expect(r.products.map((p: { name: string }) => p.name)).toContain('HELOC 2.0');
  });

  it('count_calls counts, lists unknown names, and refuses a reversed period or bad input as invalid_input', async () => {
    expect(await call('count_calls', { advisor_names: ['Alex Wong', 'John Smith'], ...week })).toMatchObject({
      status: 'ok',
      calls: 4,
      applications: 3,
      by_advisor: [{ name: 'Alex Wong', calls: 4, recorded_in_period: 4 }],
      unknown_advisors: ['John Smith'],
      recorded_in_period: 4,
      earliest_opened: '2024-07-01',
      summary: expect.stringContaining('Unknown advisors: John Smith.'),
    });
    const team = await call('count_calls', { team: 'Home Finance North', product: 'HELOC 2.0', ...week });
    expect(team).toMatchObject({
      status: 'ok',
      by_advisor: expect.arrayContaining([{ name: 'Priya Shah', calls: expect.any(Number), recorded_in_period: expect.any(Number) }]),
    });
    expect(team.by_advisor).toHaveLength(4);

    expect(await call('count_calls', { start_date: '2024-07-07', end_date: '2024-07-01' })).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
      error: 'start_date 2024-07-07 is after end_date 2024-07-01',
      details: { skill_error: { error: 'InvalidArguments' } },
    });
    expect(await call('count_calls', { start_date: '1 July', end_date: '2024-07-07' })).toMatchObject({
      status: 'error',
      error_code: 'invalid_input',
      details: { issues: [{ path: '/start_date' }] },
    });
    expect(await call('count_calls', { start_date: '2024-02-30', end_date: '2024-03-07' })).toMatchObject({ error_code: 'invalid_input' });
    expect(await call('count_calls', { advisor_names: [], ...week })).toMatchObject({ error_code: 'invalid_input' });
    expect(await call('count_calls', { product: 'Bridging Loan', ...week })).toMatchObject({
      status: 'error',
      error_code: 'not_found',
      details: { skill_error: { error: 'ProductNotFound' } },
    });
  });

  it('a skill fault or a timeout of the CRM is unavailable, named as such; the next call works again', async () => {
    server.faults.update({ 'crm-directory': { failure_rate: 1 } });
    try {
      expect(await call('list_advisors', {})).toMatchObject({
        status: 'error',
        error_code: 'unavailable',
        error: expect.stringContaining('skill://crm-directory@1.0.0 list_advisors failed: SkillError'),
      });
      server.faults.update({ 'crm-directory': { timeout_rate: 1 } }, { replace: true });
      expect(await call('count_calls', week)).toMatchObject({
        status: 'error',
        error_code: 'unavailable',
        error: expect.stringContaining('did not answer in time'),
        details: { skill_error: { error: 'TimeoutError' } },
      });
    } finally {
      server.faults.update({}, { replace: true });
    }
    expect(await call('count_calls', week)).toMatchObject({ status: 'ok' });
  });

  it('an unreachable CRM server is unavailable; a catalog without the skill is not_found', async () => {
    const gone = await startDemoSkillsServer({ port: 0, host: '127.0.0.1' });
    await gone.close();
    const unreachable = await call('list_advisors', {}, testConfig({ DCF_MCP_BASE_URL: gone.url }));
    expect(unreachable).toMatchObject({
      status: 'error',
      error_code: 'unavailable',
      error: expect.stringContaining('cannot be reached'),
      details: { skill_error: { error: 'SkillUnavailable' } },
    });
    expect(await call('list_products', {}, testConfig({ DCF_MCP_BASE_URL: server.url, DCF_SKILLS_DIR: bare }))).toMatchObject({
      status: 'error',
      error_code: 'not_found',
      error: expect.stringContaining('skill://crm-directory@1.0.0 is not in the skill catalog'),
    });
  });

  it("without DCF_MCP_BASE_URL, reaches the process's in-process demo server like the workers do", async () => {
    expect(await call('count_calls', { advisor_names: ['alex wong'], ...week }, testConfig())).toMatchObject({ status: 'ok', calls: 4 });
  });
});
