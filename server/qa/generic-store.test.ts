import { describe, expect, it, vi } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { QaDetail } from './detail.ts';
import { evidencePackPdf } from './evidence-pack.ts';
import { qaRecordsOf } from './project.ts';
import { qaRecordInputSchema } from './record-schema.ts';
import { qaRecordFixture } from './testing/fixtures.ts';

/**
 * Issue 31's generic store, with an analysis function added to the registry the way a new one would be
 * (lib/analysis/testing/new-function.ts): a `summary` kept in `analyses`, with no field, column or migration of
 * its own. The projection keeps its data and its provenance; a run without it keeps neither, and reads as before.
 */
vi.mock(import('../../lib/analysis/functions.ts'), async (original) => {
  const { withNewFunction } = await import('../../lib/analysis/testing/new-function.ts');
  return withNewFunction(await original());
});

/** The run view the projection reads (named by the function, wherever the type lives). */
type RunView = Parameters<typeof qaRecordsOf>[0];

const env = (data: unknown, skill: string) => ({ ok: true, summary: 's', data, metrics: { skill } });
const TEXT = 'Advisor: hello. Customer: hi.';

function view(withSummary: boolean): RunView {
  const data: Record<string, unknown> = {
    Transcribe: env({ text: TEXT, segments: [{ speaker: 'Advisor', text: 'Advisor: hello.', start_s: 0, end_s: 1 }] }, 'skill://t@1.0.0'),
    Compliance: env({ rule_set_id: 'rs', verdicts: [] }, 'skill://c@1.0.0'),
    ...(withSummary
      ? { Summarise: env({ summary_text: 'The advisor greeted the customer.', topics: ['greeting'] }, 'skill://s@2.0.0') }
      : {}),
  };
  return {
    run: {
      run_id: 'run-1',
      status: 'SUCCEEDED',
      finished_at: '2024-07-08T09:30:00.000Z',
      input: {},
      workflow_id: 'wf',
      workflow_name: 'W',
      workflow_version: '1.0.0',
    },
    meta: {},
    states: {},
    entries: {},
    data,
    events: [],
  } as unknown as RunView;
}

describe('the generic store of analysis results', () => {
  it("keeps a new function's data by its role, with its skill and state in the provenance", () => {
    const [record] = qaRecordsOf(view(true), 'deterministic');
    expect(record!.analyses).toEqual({ summary: { summary_text: 'The advisor greeted the customer.', topics: ['greeting'] } });
    expect(record!.provenance.skills).toMatchObject({
      transcription: 'skill://t@1.0.0',
      compliance: 'skill://c@1.0.0',
      summary: 'skill://s@2.0.0',
    });
    expect((record!.provenance.states as Record<string, string | null>).summary).toBe('Summarise');
    expect(qaRecordInputSchema.parse(record).analyses).toEqual(record!.analyses);
  });

  it('keeps nothing for a run without it: no analyses, and the part not run', () => {
    const [record] = qaRecordsOf(view(false), 'deterministic');
    expect('analyses' in record!).toBe(false);
    expect((record!.provenance.skills as Record<string, string | null>).summary).toBeNull();
    expect('analyses' in qaRecordInputSchema.parse(record)).toBe(false);
  });

  it('puts its result in the evidence pack under its label, after the sentiment; a record without it has no such section', async () => {
    const summary = { summary_text: 'The advisor explained the HELOC.', topics: ['product_detail', 'fees'] };
    const textOf = async (analyses: Record<string, Record<string, unknown>>) => {
      const r = qaRecordFixture();
      const result = { ...r, analyses, id: 'qa-1', vulnerable: false, confused: false, anxious: false, recordScore: r.score };
      const review = { status: 'unreviewed', overridden: false, humanScore: null, mandatoryOverride: false, signOffsNeeded: 1 };
      const detail = {
        result,
        actions: [],
        review: { ...review, signOffs: [], rules: {}, score: null },
        otherAnalyses: [],
        reanalysis: null,
      };
      const pdf = await evidencePackPdf({
        detail: detail as unknown as QaDetail,
        chainHead: null,
        exportedAt: '2024-07-09T10:00:00.000Z',
        exportedBy: 'Reviewer One',
      });
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
      return text;
    };
    const text = await textOf({ summary });
    expect(text).toMatch(
      /Sentiment and flags[\s\S]*Call summary[\s\S]*Summary text\s*The advisor explained the HELOC\.[\s\S]*Topics\s*product_detail, fees/,
    );
    expect(text).toMatch(/Skill: summary\s*not run/);
    expect(await textOf({})).not.toContain('Call summary');
  });
});
