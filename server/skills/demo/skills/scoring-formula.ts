import { readFileSync } from 'node:fs';
import { repoPath } from '../repo-path.ts';
import { SkillError } from './envelope.ts';

/**
 * The parseable part of a scoring formula document (data/<formula_id>.md): `formula_id:` and
 * `max_score:` lines, and the tables under `## Components` (component | weight | measure),
 * `## Flag deductions` (flag type | low | medium | high) and `## Caps` (failed category | cap).
 * Prose around them is for people and ignored.
 */
export const MEASURES = ['compliance_pass_rate', 'sentiment_scaled', 'flag_deductions'] as const;
export type Measure = (typeof MEASURES)[number];

export interface ScoringFormula {
  formula_id: string;
  max_score: number;
  components: Array<{ component: string; weight: number; measure: Measure }>;
  deductions: Record<string, { low: number; medium: number; high: number }>;
  caps: Record<string, number>;
}

const invalid = (msg: string) => new SkillError('FormulaInvalid', msg);

/** Rows (cells trimmed, header and separator dropped) of the first table after `## <heading>`. */
function table(md: string, heading: string, columns: number): string[][] {
  const section = md.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw invalid(`no "## ${heading}" section`);
  const rows = section
    .split('\n')
    .filter((l) => l.trim().startsWith('|'))
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    );
  const body = rows.slice(2);
  if (body.length === 0 || body.some((r) => r.length !== columns)) throw invalid(`"## ${heading}" needs a table of ${columns} columns`);
  return body;
}

function num(cell: string, where: string): number {
  const n = Number(cell);
  if (cell === '' || !Number.isFinite(n) || n < 0) throw invalid(`${where}: "${cell}" is not a non-negative number`);
  return n;
}

export function parseFormula(md: string): ScoringFormula {
  const field = (name: string) => new RegExp(`^${name}:\\s*(\\S+)\\s*$`, 'm').exec(md)?.[1];
  const formula_id = field('formula_id');
  if (!formula_id) throw invalid('no "formula_id:" line');
  const max_score = num(field('max_score') ?? '', 'max_score');
  const components = table(md, 'Components', 3).map(([component, weight, measure]) => {
    if (!(MEASURES as readonly string[]).includes(measure!))
      throw invalid(`component ${component}: unknown measure "${measure}" (one of ${MEASURES.join(', ')})`);
    return { component: component!, weight: num(weight!, `weight of ${component}`), measure: measure as Measure };
  });
  const total = components.reduce((s, c) => s + c.weight, 0);
  if (Math.abs(total - max_score) > 1e-9) throw invalid(`the weights add up to ${total}, not max_score ${max_score}`);
  const deductions = Object.fromEntries(
    table(md, 'Flag deductions', 4).map(([type, low, medium, high]) => [
      type!,
      { low: num(low!, `${type} low`), medium: num(medium!, `${type} medium`), high: num(high!, `${type} high`) },
    ]),
  );
  const caps = Object.fromEntries(table(md, 'Caps', 2).map(([category, cap]) => [category!, num(cap!, `cap of ${category}`)]));
  return { formula_id, max_score, components, deductions, caps };
}

/** The text of formula document `id` in server/skills/demo/data/; unknown id → FormulaNotFound. */
export function readFormulaDocument(id: string): string {
  if (!/^[A-Za-z0-9_.-]+$/.test(id)) throw new SkillError('FormulaNotFound', `no formula "${id}"`);
  try {
    return readFileSync(repoPath('server/skills/demo/data', `${id}.md`), 'utf8');
  } catch {
    throw new SkillError('FormulaNotFound', `no formula "${id}" (known: qa_scoring_formula_v3)`);
  }
}
