import { describe, expect, it } from 'vitest';
import { demoDataset } from '../dataset/generate.ts';
import { runSkillTool } from './envelope.ts';
import { getApplicationsByAdvisor, getRecordingsByApplicationIds } from './records.ts';
import { transcribeAssemblyAi, transcribeWhisper } from './transcribe.ts';

const run = runSkillTool;
const week = { start_date: '2024-07-01', end_date: '2024-07-07' };

describe('get_applications_by_advisor', () => {
  it("finds Alex Wong's applications of his first week, in opening order", () => {
    const r = run(getApplicationsByAdvisor, { advisor_name: 'alex wong ', ...week });
    expect(r).toMatchObject({ ok: true, data: { ids: ['APP-49201', 'APP-49217', 'APP-49233'] }, artifacts: [] });
    expect(r.metrics.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('finds every advisor’s applications without advisor_name, and filters by the opening date', () => {
    const r = run(getApplicationsByAdvisor, { start_date: '2024-08-01', end_date: '2024-08-05' });
    const expected = demoDataset().applications.filter((a) => a.opened_on >= '2024-08-01' && a.opened_on <= '2024-08-05');
    expect((r.data as { ids: string[] }).ids).toEqual(expected.map((a) => a.application_id));
    expect(expected.length).toBeGreaterThan(1);
  });

  it('fails for an unknown advisor and for bad dates', () => {
    expect(run(getApplicationsByAdvisor, { advisor_name: 'Alex Wang', ...week })).toMatchObject({
      ok: false,
      data: { error: { type: 'AdvisorNotFound', retryable: false } },
    });
    expect(run(getApplicationsByAdvisor, { start_date: '2024-07-08', end_date: '2024-07-01' }).data).toMatchObject({
      error: { type: 'InvalidArguments' },
    });
    expect(run(getApplicationsByAdvisor, { start_date: '1 July', end_date: '2024-07-07' }).data).toMatchObject({
      error: { type: 'InvalidArguments' },
    });
  });
});

describe('get_recordings_by_application_ids', () => {
  it('lists the recordings in application order, then by time, with the documented fields', () => {
    const r = run(getRecordingsByApplicationIds, { application_ids: ['APP-49233', 'APP-49201', 'APP-00000'] });
    const recs = (r.data as { recordings: Array<Record<string, unknown>> }).recordings;
    expect(recs.map((x) => x.recording_id)).toEqual(['REC-88377', 'REC-88391', 'REC-88310']);
    expect(Object.keys(recs[0]!).sort()).toEqual([
      'advisor_name',
      'application_id',
      'customer_name',
      'duration_s',
      'product',
      'recorded_at',
      'recording_id',
      'team',
      'uri',
    ]);
    expect(recs[2]).toMatchObject({ advisor_name: 'Alex Wong', team: 'Home Finance North', product: 'HELOC 2.0' });
    expect(r.summary).toContain('Unknown application ids: APP-00000');
  });
});

describe('transcription (synthetic audio: the stored transcript)', () => {
  const rec = demoDataset().recordings.find((x) => x.recording_id === 'REC-88342')!;

  it('whisper returns the turns as timed segments and their text joined', () => {
    const r = run(transcribeWhisper, { recording_uri: rec.uri });
    expect(r.ok).toBe(true);
    expect(r.data).toEqual({
      text: rec.turns.map((t) => t.text).join(' '),
      language: 'en',
      duration_s: rec.duration_s,
      segments: rec.turns.map(({ start_s, end_s, text, speaker }) => ({ start_s, end_s, text, speaker })),
    });
    expect(r.artifacts).toEqual(['s3://selina-qa-artifacts/transcripts/REC-88342.whisper.json']);
  });

  it('assemblyai returns the same shape plus a stable job_id, with or without webhook_url', () => {
    const whisper = run(transcribeWhisper, { recording_uri: rec.uri }).data;
    const a = run(transcribeAssemblyAi, { recording_uri: rec.uri });
    const b = run(transcribeAssemblyAi, { recording_uri: rec.uri, webhook_url: 'http://localhost:3000/hook' });
    expect(a.data).toEqual({ ...whisper, job_id: expect.stringMatching(/^aai-[0-9a-z]+$/) });
    expect(b.data).toEqual(a.data);
  });

  it('fails for a URI that is no recording', () => {
    expect(run(transcribeWhisper, { recording_uri: 's3://nowhere/x.mp3' })).toMatchObject({
      ok: false,
      summary: 'RecordingNotFound: no recording at s3://nowhere/x.mp3',
    });
  });
});
