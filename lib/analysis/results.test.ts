import { describe, expect, it, vi } from 'vitest';
import { analysisResults } from './results.ts';

/** The generic store's results as the call detail and the evidence pack show them, with a function added to the registry as a new one is. */
vi.mock(import('./functions.ts'), async (original) => {
  const { withNewFunction } = await import('./testing/new-function.ts');
  return withNewFunction(await original());
});

describe('analysisResults', () => {
  it("lists a kept function's fields under its label, in order", () => {
    const analyses = {
      summary: { summary_text: 'The advisor explained the HELOC.', topics: ['product_detail', 'fees'], words: 412, ok: true },
    };
    expect(analysisResults(analyses)).toEqual([
      {
        role: 'summary',
        title: 'Call summary',
        rows: [
          { field: 'Summary text', value: 'The advisor explained the HELOC.' },
          { field: 'Topics', value: 'product_detail, fees' },
          { field: 'Words', value: '412' },
          { field: 'Ok', value: 'yes' },
        ],
      },
    ]);
  });

  it('shows nothing without results, and nothing for a role the registry does not keep there', () => {
    expect(analysisResults({})).toEqual([]);
    expect(analysisResults(undefined)).toEqual([]);
    expect(analysisResults({ sentiment: { overall: 'positive' }, unknown: { a: 1 } })).toEqual([]);
  });
});
