import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateDataset, worldData } from '../dataset/generate.ts';
import { callDemoTool } from '../skills/catalog.ts';
import { DEMO_WORLD, SECOND_LENDER_WORLD, worldById } from './index.ts';

const digest = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex');
const second = worldData(SECOND_LENDER_WORLD);
const call = (key: string, args: Record<string, unknown>) => callDemoTool(key, args, second);

describe('the demo world', () => {
  it('generates exactly the dataset it generated before worlds existed (digests taken at bfaaeaf)', () => {
    expect(digest(generateDataset())).toBe('8db95c88a0554773bd0541357c4aa9955a27d8a22b5e910ca2ad8e3dec1eb9ac');
    expect(digest(generateDataset(7))).toBe('daec59609bc6d2120b5b54cf52f3d9c91f43ae9241c9b2eccfa83d7c58b45b8d');
    expect(generateDataset(DEMO_WORLD.seed, DEMO_WORLD)).toEqual(generateDataset());
  });
});

describe('the second lender’s world', () => {
  it('is deterministic, and another world than the demo’s', () => {
    expect(generateDataset(SECOND_LENDER_WORLD.seed, SECOND_LENDER_WORLD)).toEqual(second.dataset);
    expect(digest(generateDataset(5, SECOND_LENDER_WORLD))).not.toBe(digest(second.dataset));
    expect(worldById('second-lender')).toBe(SECOND_LENDER_WORLD);
    expect(() => worldById('third')).toThrow(/unknown demo world "third" \(known: demo, second-lender\)/);
  });

  it('has its own people, products, id formats and dates, and its calls name its lender and products', () => {
    const { dataset } = second;
    expect(dataset.advisors.map((a) => a.name)).toContain('Siobhán Ní Bhriain');
    expect(new Set(dataset.applications.map((a) => a.product))).toEqual(
      new Set(['Green Remortgage', 'Shared Ownership Mortgage', 'Bridging Loan']),
    );
    for (const r of dataset.recordings) {
      expect(r.recording_id).toMatch(/^CALL-25-\d{6}$/);
      expect(r.recorded_at >= '2025-02-01' && r.recorded_at < '2025-05-01', r.recording_id).toBe(true);
      const text = r.turns.map((t) => t.text).join(' ');
      expect(text).toContain('calling from Aldermoor Building Society');
      expect(text).not.toMatch(/Selina|HELOC/);
      const product = dataset.applications.find((a) => a.application_id === r.application_id)!.product;
      expect(text, r.recording_id).toContain(product);
    }
    expect(new Set(dataset.recordings.map((r) => r.recording_id)).size).toBe(dataset.recordings.length);
    // Every advisor has calls, so a review of any of them finds work.
    for (const a of dataset.advisors)
      expect(
        dataset.applications.some((x) => x.advisor_id === a.advisor_id),
        a.name,
      ).toBe(true);
  });

  it('is what the CRM directory and records skills serve over it', () => {
    const advisors = call('skill://crm-directory@1.0.0#list_advisors', {});
    expect(advisors.data).toMatchObject({ teams: ['Residential Lending', 'Specialist Lending'] });
    const products = call('skill://crm-directory@1.0.0#list_products', {});
    expect(products.data).toMatchObject({ rule_set_id: 'aldermoor_conduct_rules_2025' });
    const apps = call('skill://salesforce-integration@2.1.0#get_applications_by_advisor', {
      advisor_name: 'zoë lefèvre-martin',
      start_date: '2025-02-01',
      end_date: '2025-04-30',
    });
    expect(apps.ok).toBe(true);
    const ids = (apps.data as { ids: string[] }).ids;
    expect(ids.length).toBeGreaterThan(0);
    const recs = call('skill://recording-management@1.5.0#get_recordings_by_application_ids', { application_ids: ids });
    expect(
      (recs.data as { recordings: Array<{ advisor_name: string }> }).recordings.every((r) => r.advisor_name === 'Zoë Lefèvre-Martin'),
    ).toBe(true);
    // The demo world's people are not this CRM's.
    expect(
      call('skill://salesforce-integration@2.1.0#get_applications_by_advisor', {
        advisor_name: 'Alex Wong',
        start_date: '2025-02-01',
        end_date: '2025-04-30',
      }).data,
    ).toMatchObject({ error: { type: 'AdvisorNotFound' } });
  });

  it('runs through transcription, diarization, segmentation, compliance (its own rule set) and scoring', () => {
    const rec = second.dataset.recordings[0]!;
    const transcript = call('skill://whisper-transcribe@1.0.0#transcribe_audio', { recording_uri: rec.uri });
    expect(transcript.artifacts[0]).toBe(`s3://aldermoor-qa-artifacts/transcripts/${rec.recording_id}.whisper.json`);
    const text = (transcript.data as { text: string }).text;
    const diarized = call('skill://gpt4o-diarize@1.0.0#diarize_transcript', { transcript_text: text, target_speaker: 'advisor' });
    expect(diarized.summary).toContain(`recording ${rec.recording_id}`);
    const labelled = call('skill://labelling-segmentation@1.2.0#segment_and_label', {
      transcript_text: (diarized.data as { text: string }).text,
      taxonomy: ['introduction', 'product_detail', 'offer_explanation', 'closing'],
    });
    expect((labelled.data as { segments: Array<{ label: string; text: string }> }).segments.some((s) => s.label === 'product_detail')).toBe(
      true,
    );
    const compliance = call('skill://compliance-analysis@1.3.0#evaluate_compliance', {
      transcript_text: text,
      rule_set_id: SECOND_LENDER_WORLD.ruleSetId,
    });
    const verdicts = (compliance.data as { verdicts: Array<{ rule_id: string; verdict: string }> }).verdicts;
    expect(verdicts.find((v) => v.rule_id === 'FCA-ID-01')?.verdict).toBe('pass');
    expect(verdicts.some((v) => v.rule_id.startsWith('PROD-') && v.verdict !== 'not_applicable')).toBe(true);
    const sentiment = call('skill://sentiment-analysis@1.2.0#analyze_sentiment', { text });
    const scored = call('skill://scoring@1.1.0#calculate_score', {
      sentiment_report: sentiment.data,
      compliance_verdicts: verdicts,
      formula_id: 'qa_scoring_formula_v3',
    });
    expect(scored.ok, scored.summary).toBe(true);
    // The demo lender's rule set does not fit this lender's calls: its identification rule names another firm.
    const demoRules = call('skill://compliance-analysis@1.3.0#evaluate_compliance', {
      transcript_text: text,
      rule_set_id: DEMO_WORLD.ruleSetId,
    });
    expect(
      (demoRules.data as typeof compliance.data & { verdicts: typeof verdicts }).verdicts.find((v) => v.rule_id === 'FCA-ID-01')?.verdict,
    ).toBe('fail');
  });
});
