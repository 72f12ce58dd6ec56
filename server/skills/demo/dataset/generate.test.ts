import { describe, expect, it } from 'vitest';
import { DATASET_RANGE, DATASET_SEED, demoDataset, generateDataset } from './generate.ts';

describe('the demo dataset', () => {
  it('is deterministic: the same seed gives an identical dataset, another seed another one', () => {
    expect(generateDataset(7)).toEqual(generateDataset(7));
    expect(generateDataset(DATASET_SEED)).toEqual(demoDataset());
    const a = generateDataset(7).recordings.map((r) => r.turns.map((t) => t.text).join(' '));
    const b = generateDataset(8).recordings.map((r) => r.turns.map((t) => t.text).join(' '));
    expect(a).not.toEqual(b);
  });

  it('has eight advisors, Alex Wong among them, and unique ids', () => {
    const d = demoDataset();
    expect(d.advisors).toHaveLength(8);
    expect(d.advisors.map((a) => a.name)).toContain('Alex Wong');
    expect(new Set(d.applications.map((a) => a.application_id)).size).toBe(d.applications.length);
    expect(new Set(d.recordings.map((r) => r.recording_id)).size).toBe(d.recordings.length);
    expect(new Set(d.recordings.map((r) => r.uri)).size).toBe(d.recordings.length);
  });

  it('records every call between 2024-06-01 and 2024-08-31, on or after its application was opened', () => {
    const d = demoDataset();
    const opened = new Map(d.applications.map((a) => [a.application_id, a.opened_on]));
    for (const r of d.recordings) {
      const day = r.recorded_at.slice(0, 10);
      expect(day >= DATASET_RANGE.first && day <= DATASET_RANGE.last, r.recording_id).toBe(true);
      expect(day >= opened.get(r.application_id)!, r.recording_id).toBe(true);
    }
  });

  it('gives Alex Wong four calls in 2024-07-01 … 07-07, the first the example call REC-88310', () => {
    const d = demoDataset();
    const apps = d.applications.filter((a) => a.advisor_id === 'ADV-001' && a.opened_on >= '2024-07-01' && a.opened_on <= '2024-07-07');
    const calls = d.recordings.filter((r) => apps.some((a) => a.application_id === r.application_id));
    expect(calls.map((c) => c.recording_id).sort()).toEqual(['REC-88310', 'REC-88342', 'REC-88377', 'REC-88391']);
    for (const c of calls) expect(c.recorded_at >= '2024-07-01' && c.recorded_at < '2024-07-08').toBe(true);
  });

  it('has calls of every week for Alex Wong from July, and HELOC 2.0 only from July', () => {
    const d = demoDataset();
    const alex = d.applications
      .filter((a) => a.advisor_id === 'ADV-001')
      .map((a) => a.opened_on)
      .sort();
    for (let day = Date.parse('2024-07-01'); day + 6 * 86_400_000 <= Date.parse('2024-08-28'); day += 7 * 86_400_000) {
      const [from, to] = [new Date(day), new Date(day + 6 * 86_400_000)].map((x) => x.toISOString().slice(0, 10));
      expect(
        alex.some((o) => o >= from! && o <= to!),
        `${from}…${to}`,
      ).toBe(true);
    }
    expect(d.applications.filter((a) => a.product === 'HELOC 2.0').every((a) => a.opened_on >= '2024-07-01')).toBe(true);
    expect(d.applications.filter((a) => a.product === 'HELOC 2.0').length).toBeGreaterThan(10);
  });

  it('diarizes every call into Advisor and Customer turns with increasing timings', () => {
    for (const r of demoDataset().recordings) {
      expect(new Set(r.turns.map((t) => t.speaker)), r.recording_id).toEqual(new Set(['Advisor', 'Customer']));
      r.turns.forEach((t, i) => {
        expect(t.end_s).toBeGreaterThan(t.start_s);
        if (i > 0) expect(t.start_s).toBeGreaterThanOrEqual(r.turns[i - 1]!.end_s);
      });
      expect(r.duration_s).toBe(r.turns.at(-1)!.end_s);
    }
  });

  it('mixes compliant and deficient calls, vulnerable and confused customers', () => {
    const texts = demoDataset().recordings.map((r) => r.turns.map((t) => t.text).join(' '));
    const count = (re: RegExp) => texts.filter((t) => re.test(t)).length;
    expect(count(/guaranteed|nothing to worry about/)).toBeGreaterThan(3);
    expect(count(/reflection period/)).toBeGreaterThan(10);
    expect(count(/passed away|lost my job|I'm her carer/)).toBeGreaterThan(3);
    expect(count(/Let's just get this done/)).toBeGreaterThan(0);
    expect(count(/confused|don't really understand/)).toBeGreaterThan(5);
  });
});
