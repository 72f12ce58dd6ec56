import { readdirSync, readFileSync } from 'node:fs';
import { repoPath } from '../repo-path.ts';
import { SkillError } from './envelope.ts';
import { RE2JS } from 're2js';

/**
 * A compliance rule set: `data/<rule_set_id>.csv` (RFC 4180, header row). Columns:
 * rule_id, category, rule (the text shown in verdicts), required_pattern (a case-insensitive
 * regular expression the evaluated text must match; empty = nothing required), forbidden_pattern
 * (must not match; empty = nothing forbidden), applies_when (the rule applies only if this
 * matches; empty = always), applies_to_labels (`;`-separated segment labels the rule is checked
 * in when labelled segments are given; empty = any segment), and optionally mandatory (`yes` for a
 * rule the regulator requires, whose override needs a second reviewer; `no` or absent otherwise).
 */
export interface ComplianceRule {
  rule_id: string;
  category: string;
  rule: string;
  required: RulePattern | null;
  forbidden: RulePattern | null;
  appliesWhen: RulePattern | null;
  labels: string[];
  mandatory: boolean;
}

const COLUMNS = ['rule_id', 'category', 'rule', 'required_pattern', 'forbidden_pattern', 'applies_when', 'applies_to_labels'];
const OPTIONAL = 'mandatory';

/** Rows of an RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') (row.push(field), (field = ''));
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      (row.push(field), rows.push(row), (row = []), (field = ''));
    } else field += ch;
  }
  if (field !== '' || row.length) (row.push(field), rows.push(row));
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * A rule-set pattern: a case-insensitive regular expression run on RE2 (re2js), so matching time
 * is linear in the transcript whatever a rule-set author writes (no catastrophic backtracking);
 * back-references and look-around, which RE2 cannot run in linear time, make the rule set invalid.
 */
export interface RulePattern {
  source: string;
  /** The index of the first match in `text`, or -1. */
  search(text: string): number;
}

const regex = (source: string, where: string): RulePattern | null => {
  if (!source.trim()) return null;
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE);
  } catch (err) {
    throw new SkillError('RuleSetInvalid', `${where}: ${(err as Error).message}`);
  }
  return {
    source,
    search: (text) => {
      const m = compiled.matcher(text);
      return m.find() ? m.start() : -1;
    },
  };
};

export function parseRuleSet(csv: string, id: string): ComplianceRule[] {
  const [header, ...rows] = parseCsv(csv);
  const withMandatory = header?.length === COLUMNS.length + 1 && header[COLUMNS.length]?.trim() === OPTIONAL;
  if (!header || COLUMNS.some((c, i) => header[i]?.trim() !== c) || (header.length !== COLUMNS.length && !withMandatory)) {
    throw new SkillError('RuleSetInvalid', `${id}: the header must be ${COLUMNS.join(',')}[,${OPTIONAL}]`);
  }
  return rows.map((r, n) => {
    const at = `${id} row ${n + 2}`;
    if (r.length !== header.length) throw new SkillError('RuleSetInvalid', `${at}: ${r.length} fields, expected ${header.length}`);
    const [rule_id, category, rule, required, forbidden, when, labels, mandatory = 'no'] = r.map((f) => f.trim()) as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string?,
    ];
    if (!/^(yes|no|)$/i.test(mandatory)) throw new SkillError('RuleSetInvalid', `${at} mandatory: "${mandatory}" is not yes or no`);
    return {
      mandatory: mandatory.toLowerCase() === 'yes',
      rule_id,
      category,
      rule,
      required: regex(required, `${at} required_pattern`),
      forbidden: regex(forbidden, `${at} forbidden_pattern`),
      appliesWhen: regex(when, `${at} applies_when`),
      labels: labels
        .split(';')
        .map((l) => l.trim())
        .filter(Boolean),
    };
  });
}

/** The rule sets the data folder holds (each lender's world names its own: World.ruleSetId). */
export function knownRuleSets(): string[] {
  return readdirSync(repoPath('server/skills/demo/data'))
    .filter((f) => f.endsWith('.csv'))
    .map((f) => f.slice(0, -4))
    .sort();
}

/**
 * The segment labels a rule set's checks use: its taxonomy, in order (the order matters to the
 * segmenter: the first label opens the call, and a tie goes to the earlier label). A rule set may
 * declare it in a sidecar, `data/<rule_set_id>.labels` (one label a line), so that parts of a call
 * no rule concerns (an introduction, a closing) still get their own label instead of being folded
 * into a checked part and judged by its rules; every label a rule applies to must be declared.
 * Without a sidecar the taxonomy is the labels the rules apply to, in the order they first appear.
 */
export interface RuleSetTaxonomy {
  labels: string[];
  /** `declared`: the sidecar; `rules`: the rules' applies_to_labels. */
  from: 'declared' | 'rules';
}

export function taxonomyOf(rules: ComplianceRule[], declared: string[] | null, id: string): RuleSetTaxonomy {
  const used = [...new Set(rules.flatMap((r) => r.labels))];
  if (!declared) return { labels: used, from: 'rules' };
  if (!declared.length) throw new SkillError('RuleSetInvalid', `${id}.labels declares no label`);
  const missing = used.filter((l) => !declared.includes(l));
  if (missing.length) throw new SkillError('RuleSetInvalid', `${id}.labels does not declare ${missing.join(', ')}, which rules apply to`);
  return { labels: [...new Set(declared)], from: 'declared' };
}

/** The lines of a `.labels` sidecar (blank lines and `#` comments left out); null when the rule set has none. */
export function parseLabels(text: string | null): string[] | null {
  if (text === null) return null;
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

const taxonomies = new Map<string, RuleSetTaxonomy>();
/** The taxonomy of rule set `id` (loadRuleSet's errors for an unknown or invalid set). */
export function loadTaxonomy(id: string): RuleSetTaxonomy {
  const rules = loadRuleSet(id);
  let taxonomy = taxonomies.get(id);
  if (!taxonomy) {
    let sidecar: string | null = null;
    try {
      sidecar = readFileSync(repoPath('server/skills/demo/data', `${id}.labels`), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    taxonomy = taxonomyOf(rules, parseLabels(sidecar), id);
    taxonomies.set(id, taxonomy);
  }
  return taxonomy;
}

const cache = new Map<string, ComplianceRule[]>();
/** The rule set `id` from server/skills/demo/data/, read and parsed once. Unknown id → RuleSetNotFound. */
export function loadRuleSet(id: string): ComplianceRule[] {
  if (!/^[A-Za-z0-9_.-]+$/.test(id)) throw new SkillError('RuleSetNotFound', `no rule set "${id}"`);
  let rules = cache.get(id);
  if (!rules) {
    let csv: string;
    try {
      csv = readFileSync(repoPath('server/skills/demo/data', `${id}.csv`), 'utf8');
    } catch {
      throw new SkillError('RuleSetNotFound', `no rule set "${id}" (known: ${knownRuleSets().join(', ')})`);
    }
    rules = parseRuleSet(csv, id);
    cache.set(id, rules);
  }
  return rules;
}
