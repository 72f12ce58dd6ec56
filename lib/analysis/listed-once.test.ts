import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_PIPELINE, OUTCOME_ORDER } from './index.ts';

/**
 * Issue 31: the analysis functions are listed once, in ./functions.ts. This reads every source file
 * (tests, fixtures and testing helpers aside) for a second list: an array, object or type whose
 * entries are mostly the functions' roles or outcomes, three or more of them ("['transcription',
 * 'sentiment', 'compliance', 'scoring']", "{ transcription: …, sentiment: …, compliance: … }",
 * "'transcript' | 'sentiment' | 'score'"). Such a list goes stale when a function is added.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['server', 'lib', 'components', 'app', 'cli'];
const SKIPPED_DIRS = new Set(['node_modules', '.next', 'testing', '__fixtures__']);

/**
 * Lists that name some functions on purpose, each with why. A recipe (a workflow made of some
 * functions) names what it uses; it is not a list of the functions.
 */
const ALLOWED: Record<string, string> = {
  'server/agents/brains/planner/product-flow.ts':
    "the product-explanation recipe of spec §3: diarization → segmentation → compliance on the product's segments",
  'server/agents/brains/planner/adapt.ts': 'the same recipe grafted onto a saved workflow: its three skills by role',
};

const IDS = new Set<string>([...ANALYSIS_PIPELINE.map((s) => s.role), ...OUTCOME_ORDER]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The lists of function ids in a source text: each as its line and the ids it names. */
function listsOfFunctions(source: string): Array<{ line: number; ids: string[] }> {
  const found: Array<{ line: number; ids: string[] }> = [];
  for (const m of source.matchAll(/\[([^[\]]{0,400})\]|\{([^{}]{0,600})\}|\btype \w+\s*=([^;]{0,400});/g)) {
    const body = m[1] ?? m[2] ?? m[3] ?? '';
    // Every quoted word and every key counts, so that a few function names among other entries are not a list of them.
    const quoted = [...body.matchAll(/'([\w-]+)'/g)].map((x) => x[1]!);
    const keys = [...body.matchAll(/(?:^|[\s,{])([A-Za-z_$][\w$]*)\s*:/g)].map((x) => x[1]!);
    for (const entries of [quoted, keys]) {
      const ids = [...new Set(entries.filter((w) => IDS.has(w)))];
      if (ids.length >= 3 && ids.length * 2 >= new Set(entries).size) {
        found.push({ line: source.slice(0, m.index).split('\n').length, ids });
        break;
      }
    }
  }
  return found;
}

describe('the analysis functions are listed once', () => {
  it('finds a second list, in an array, an object or a type', () => {
    expect(listsOfFunctions("const PARTS = ['transcription', 'sentiment', 'compliance', 'scoring'] as const;")).toHaveLength(1);
    expect(listsOfFunctions('skills: { transcription: string | null; sentiment: string | null; scoring: string | null };')).toHaveLength(1);
    expect(listsOfFunctions("export type Outcome = 'transcript' | 'speaker_turns' | 'segments';")).toHaveLength(1);
    expect(listsOfFunctions("const WORDS = ['quality', 'qa', 'review', 'audit', 'check', 'score', 'scoring', 'compliance'];")).toEqual([]);
    expect(
      listsOfFunctions('return { score: 1, maxScore: 2, formulaId: 3, compliance: 4, sentiment: 5, capText: 6, perCall: 7 };'),
    ).toEqual([]);
  });

  it('no source file outside the registry lists the functions', () => {
    const offenders = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)))
      .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
      .filter((rel) => rel !== 'lib/analysis/functions.ts' && !(rel in ALLOWED))
      .flatMap((rel) => listsOfFunctions(fs.readFileSync(path.join(ROOT, rel), 'utf8')).map((l) => `${rel}:${l.line} ${l.ids.join(', ')}`));
    expect(offenders, 'derive these from lib/analysis (docs/analysis-functions.md)').toEqual([]);
  });

  it('allows only lists that are still there', () => {
    for (const file of Object.keys(ALLOWED))
      expect(listsOfFunctions(fs.readFileSync(path.join(ROOT, file), 'utf8')).length, file).toBeGreaterThan(0);
  });
});
