import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoDataset } from '../dataset/generate.ts';
import { diarizeTranscript } from './diarize.ts';
import { runSkillTool } from './envelope.ts';
import { segmentAndLabel } from './segment.ts';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../schemas/examples/ours/data-plane-output/${name}.json`, import.meta.url), 'utf8'));
const TAXONOMY = ['introduction', 'security_check', 'product_detail', 'offer_explanation', 'closing'];
const pilot = demoDataset().recordings.find((r) => r.recording_id === 'REC-88310')!;
const pilotText = pilot.turns.map((t) => t.text).join(' ');

describe('diarize_transcript', () => {
  it("reproduces the example result on the example call's transcript (recording turns, with timings)", () => {
    const r = runSkillTool(diarizeTranscript, { transcript_text: pilotText, target_speaker: 'advisor' });
    expect(r.data).toEqual(example('gpt4o-diarize.diarize_transcript').data);
  });

  it('keeps every speaker without target_speaker, and lists speakers in order of appearance', () => {
    const r = runSkillTool(diarizeTranscript, { transcript_text: pilotText });
    const data = r.data as { speakers: string[]; utterances: unknown[]; text: string };
    expect(data.speakers).toEqual(['Advisor', 'Customer']);
    expect(data.utterances).toHaveLength(8);
    expect(data.text.split('\n')[1]).toBe('Customer: Yes, speaking.');
  });

  it('keeps the labels of labelled text and filters them case-insensitively', () => {
    const r = runSkillTool(diarizeTranscript, {
      transcript_text: 'Agent: Hello there.\nCaller: Hi.\nAgent: Bye.',
      target_speaker: 'AGENT',
    });
    expect(r.data).toEqual({
      speakers: ['Agent', 'Caller'],
      utterances: [
        { speaker: 'Agent', text: 'Hello there.' },
        { speaker: 'Agent', text: 'Bye.' },
      ],
      text: 'Agent: Hello there.\nAgent: Bye.',
    });
  });

  it('falls back to a cue heuristic for unknown plain text', () => {
    const r = runSkillTool(diarizeTranscript, {
      transcript_text: 'Hello, this is Sam calling from Selina Finance. Yes, that is me. We can offer you a loan. It has a fixed rate.',
    });
    const data = r.data as { utterances: Array<{ speaker: string; text: string }> };
    expect(data.utterances.map((u) => u.speaker)).toEqual(['Advisor', 'Customer', 'Advisor']);
    expect(data.utterances[2]!.text).toBe('We can offer you a loan. It has a fixed rate.');
  });
});

describe('segment_and_label', () => {
  it('reproduces the example segmentation of the advisor’s speech', () => {
    const advisor = runSkillTool(diarizeTranscript, { transcript_text: pilotText, target_speaker: 'advisor' }).data as { text: string };
    const r = runSkillTool(segmentAndLabel, { transcript_text: advisor.text, taxonomy: TAXONOMY });
    expect(r.data).toEqual(example('labelling-segmentation.segment_and_label').data);
  });

  it('segments plain text by sentence, merges neighbours with one label, and uses only the taxonomy', () => {
    const r = runSkillTool(segmentAndLabel, { transcript_text: pilotText, taxonomy: ['introduction', 'product_detail', 'closing'] });
    const segs = (r.data as { segments: Array<{ label: string; text: string }> }).segments;
    expect(segs.map((s) => s.label)).toEqual(['introduction', 'product_detail', 'closing']);
    expect(segs.map((s) => s.text).join(' ')).toBe(pilotText);
  });

  it('cues an unknown label by its own words, and rejects an empty taxonomy', () => {
    const r = runSkillTool(segmentAndLabel, {
      transcript_text: 'We talked about fees. Then the weather.',
      taxonomy: ['weather_chat', 'fees_and_charges'],
    });
    expect((r.data as { segments: unknown[] }).segments).toEqual([
      { label: 'fees_and_charges', text: 'We talked about fees.' },
      { label: 'weather_chat', text: 'Then the weather.' },
    ]);
    expect(runSkillTool(segmentAndLabel, { transcript_text: 'x', taxonomy: [] }).ok).toBe(false);
  });
});
