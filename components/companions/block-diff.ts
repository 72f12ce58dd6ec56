import { jsonDiff, type DiffEntry } from '@/components/graph/json-diff';

/**
 * What changed between two revisions of a shared block: a JSON diff for the JSON blocks
 * (session_context, strategist_guidelines), added and dropped lines for the delegation log
 * (append-only: new lines at the end, the oldest dropped when it is full). Pure, tested.
 */
export type BlockChange =
  | { kind: 'json'; entries: DiffEntry[] }
  | { kind: 'lines'; added: string[]; removed: string[] }
  | { kind: 'text'; before: string; after: string };

export const BLOCK_TITLES: Record<string, { title: string; about: string }> = {
  session_context: {
    title: 'Session context',
    about:
      'Shared by the Conductor, its Companions and the Strategist: goals, preferences, active and completed tasks, one entry per Companion.',
  },
  delegation_log: {
    title: 'Delegation log',
    about: 'One line per delegation, progress report, result and piece of advice, newest last; the oldest lines leave a full block.',
  },
  strategist_guidelines: {
    title: 'Strategist guidelines',
    about: 'What the Strategist advises the Conductor to do; read before every delegation.',
  },
};

/** The value as JSON, or undefined when it is not JSON. */
export function parseJsonValue(value: string | null | undefined): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

const lines = (v: string) => (v ? v.split('\n') : []);

export function blockChange(label: string, before: string | null, after: string): BlockChange {
  if (label === 'delegation_log') {
    const was = new Set(lines(before ?? ''));
    const now = new Set(lines(after));
    return { kind: 'lines', added: lines(after).filter((l) => !was.has(l)), removed: lines(before ?? '').filter((l) => !now.has(l)) };
  }
  const a = parseJsonValue(before ?? '');
  const b = parseJsonValue(after);
  if (b !== undefined && (a !== undefined || before === null || before === '')) return { kind: 'json', entries: jsonDiff(a ?? {}, b) };
  return { kind: 'text', before: before ?? '', after };
}
