import type * as Registry from '../functions.ts';

/**
 * An analysis function added the way a new one is (issue 31): one registry entry, kept in the QA record's
 * generic store. Tests mock lib/analysis/functions.ts with it to show what a new function gets without touching
 * any other file: `vi.mock(import('…/lib/analysis/functions.ts'), async (original) => withNewFunction(await original()))`.
 */
export const NEW_FUNCTION = {
  role: 'summary',
  outcome: 'summary',
  label: 'call summary',
  search: 'skill for call summarisation',
  said: { words: /^(?:summary|summaries)$/, phrases: [], names: ['summary'] },
  envelope: { precedence: 8, is: (d: Record<string, unknown>) => typeof d.summary_text === 'string', example: { summary_text: 'x' } },
  kept: 'analyses',
  standard: false,
  review: false,
  state: 'SummariseCall',
  comment: 'Summarise the call.',
  result: 'summary',
  bind: () => [],
} as const;

export const withNewFunction = (m: typeof Registry): typeof Registry => ({
  ...m,
  ANALYSIS_FUNCTIONS: [...m.ANALYSIS_FUNCTIONS, NEW_FUNCTION] as unknown as typeof m.ANALYSIS_FUNCTIONS,
});
