import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/test-config.ts';
import { startDemoSkillsServer, type DemoSkillsServer } from '../demo/server/http-server.ts';
import { worldData } from '../demo/dataset/generate.ts';
import { SECOND_LENDER_WORLD } from '../demo/worlds/index.ts';
import { parseSkillManifest, type SkillManifest } from '../manifest.ts';
import { createSkillInvoker } from './invoker.ts';
import type { SkillInvoker } from './types.ts';

/**
 * DCF_MCP_ENDPOINTS with two real demo skill servers on two ports: the CRM group (tag `crm`) and
 * the recording skill (name prefix `recording`) from one (the second lender's), transcription from
 * the other (the demo lender's), everything else from DCF_MCP_BASE_URL (the second one too). Which server answered shows in the data: each serves its
 * own lender's CRM and recordings.
 */
const manifest = (name: string): SkillManifest =>
  parseSkillManifest(JSON.parse(readFileSync(new URL(`../../../skills/${name}.json`, import.meta.url), 'utf8')))!;

let crm: DemoSkillsServer;
let audio: DemoSkillsServer;
let invoker: SkillInvoker;
beforeAll(async () => {
  crm = await startDemoSkillsServer({ port: 0, world: 'second-lender' });
  audio = await startDemoSkillsServer({ port: 0 });
  invoker = createSkillInvoker({
    config: testConfig({
      DCF_MCP_ENDPOINTS: `crm=${crm.url},recording=${crm.url},transcription=${audio.url}`,
      DCF_MCP_BASE_URL: audio.url,
      DCF_SKILL_TIMEOUT_S: '10',
    }),
  });
});
afterAll(async () => {
  await invoker.close();
  await Promise.all([crm.close(), audio.close()]);
});

const call = (skill: string, toolName: string, args: Record<string, unknown>) =>
  invoker.invoke({ manifest: manifest(skill), toolName, args, attempt: 1 });

describe('skill endpoints per skill or group', () => {
  it('serves the CRM group from one server and transcription from another', async () => {
    expect([crm.world, audio.world]).toEqual(['second-lender', 'demo']);
    const advisors = await call('crm-directory', 'list_advisors', {});
    expect(advisors).toMatchObject({ ok: true, result: { data: { teams: ['Residential Lending', 'Specialist Lending'] } } });
    const apps = await call('salesforce-integration', 'get_applications_by_advisor', {
      advisor_name: 'Rhys ap Gwilym',
      start_date: '2025-02-01',
      end_date: '2025-04-30',
    });
    expect(apps).toMatchObject({ ok: true });
    // Transcription goes to the demo lender's server: the second lender's recording is unknown there, the demo's is found.
    const secondUri = worldData(SECOND_LENDER_WORLD).dataset.recordings[0]!.uri;
    expect(await call('whisper-transcribe', 'transcribe_audio', { recording_uri: secondUri })).toMatchObject({
      ok: false,
      error: 'RecordingNotFound',
    });
    const demo = await call('whisper-transcribe', 'transcribe_audio', {
      recording_uri: 's3://selina-call-recordings/2024/07/APP-49201/REC-88310.mp3',
    });
    expect(demo).toMatchObject({ ok: true });
  });

  it('answers list_products, count_calls and recordings with the second lender’s own products and ids', async () => {
    // Without its own key the recording skill would go to DCF_MCP_BASE_URL (the demo lender), which does not know these applications.
    const products = await call('crm-directory', 'list_products', {});
    expect(products).toMatchObject({ ok: true, result: { data: { rule_set_id: 'aldermoor_conduct_rules_2025' } } });
    const names = (products as { result: { data: { products: Array<{ name: string }> } } }).result.data.products.map((p) => p.name);
    expect(names.sort()).toEqual(['Bridging Loan', 'Green Remortgage', 'Shared Ownership Mortgage']);
    const counted = await call('crm-directory', 'count_calls', {
      team: 'Specialist Lending',
      start_date: '2025-03-01',
      end_date: '2025-03-31',
    });
    expect((counted as { result: { data: { by_advisor: Array<{ name: string }> } } }).result.data.by_advisor.map((a) => a.name)).toEqual([
      'Carlos de la Cruz',
      'Zoë Lefèvre-Martin',
      'Jan van der Berg',
    ]);
    const apps = await call('salesforce-integration', 'get_applications_by_advisor', { start_date: '2025-03-01', end_date: '2025-03-10' });
    const ids = (apps as { result: { data: { ids: string[] } } }).result.data.ids;
    expect(ids.length).toBeGreaterThan(0);
    const recs = await call('recording-management', 'get_recordings_by_application_ids', { application_ids: ids });
    const recordings = (recs as { result: { data: { recordings: Array<{ recording_id: string }> } } }).result.data.recordings;
    expect(recordings.length).toBeGreaterThan(0);
    for (const r of recordings) expect(r.recording_id).toMatch(/^CALL-25-\d{6}$/);
  });
});
