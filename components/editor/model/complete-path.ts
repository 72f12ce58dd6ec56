import { parsePath } from '@/server/engine/paths/parse-path';
import { contextShape } from './context-shape';
import { selectShape } from './shape-paths';
import { UNKNOWN, type Shape, type ShapeKind } from './shape';

/** One completion: the whole path to insert, the step it adds, and what is there. */
export interface PathSuggestion {
  path: string;
  label: string;
  kind: ShapeKind;
  /** e.g. `date` for a string with that format. */
  format?: string;
}

/**
 * Completions for a partly typed path against the shape of the data it reads (`$`; `$$` reads
 * `context`, by default the context object with unknown input). The text up to the last `.` or
 * `[` must parse; the fragment after it filters the members of what it selects (prefix matches
 * first, then other matches, case-insensitive, in the shape's order). After `[` an array offers
 * `[0]` … for known positions (else `[0]`) and `[*]`, an object `['name']`. A path ending in `]`
 * offers its members. Names that cannot follow a dot are offered in bracket form.
 */
export function completePath(shape: Shape, partial: string, options: { context?: Shape } = {}): PathSuggestion[] {
  const text = partial === '' ? '$.' : partial;
  if (!text.startsWith('$')) return [];
  const root = text.startsWith('$$') ? (options.context ?? contextShape(UNKNOWN)) : shape;
  const rootText = text.startsWith('$$') ? '$$' : '$';
  if (text === rootText) return members(root, rootText, '');
  if (text.endsWith(']')) return members(at(root, text) ?? UNKNOWN, text, '');
  const cut = Math.max(text.lastIndexOf('.'), text.lastIndexOf('['));
  if (cut < rootText.length - 1) return [];
  const base = text.slice(0, cut);
  const node = at(root, base);
  if (!node) return [];
  const fragment = text.slice(cut + 1);
  if (text[cut] === '.') return members(node, base, fragment);
  if (node.kind === 'array') return indexes(node, base, fragment);
  return members(node, base, fragment.replace(/^['"]/, ''), true);
}

/**
 * What `path` selects in `root`, or null when it does not parse. After a wildcard (or any step
 * that selects several nodes) the next step applies to each match, so it is one match's shape.
 */
function at(root: Shape, path: string): Shape | null {
  const parsed = parsePath(path);
  if (!parsed.ok) return null;
  const selected = selectShape(root, parsed.ast.segments);
  return !parsed.isReferencePath && selected.kind === 'array' ? selected.items : selected;
}

function members(node: Shape, base: string, fragment: string, bracket = false): PathSuggestion[] {
  if (node.kind !== 'object') return [];
  const wanted = fragment.toLowerCase();
  const names = Object.keys(node.fields).filter((n) => n.toLowerCase().includes(wanted));
  const ordered = [...names.filter((n) => n.toLowerCase().startsWith(wanted)), ...names.filter((n) => !n.toLowerCase().startsWith(wanted))];
  return ordered.map((name) =>
    suggestion(
      `${base}${bracket || !DOT_NAME.test(name) ? `['${name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']` : `.${name}`}`,
      name,
      node.fields[name]!,
    ),
  );
}

function indexes(node: Extract<Shape, { kind: 'array' }>, base: string, fragment: string): PathSuggestion[] {
  const positions = node.tuple && node.tuple.length > 0 ? node.tuple.map((s, i) => [String(i), s] as const) : [['0', node.items] as const];
  return [...positions, ['*', node.items] as const]
    .filter(([label]) => label.startsWith(fragment))
    .map(([label, s]) => suggestion(`${base}[${label}]`, `[${label}]`, s));
}

function suggestion(path: string, label: string, shape: Shape): PathSuggestion {
  return shape.kind === 'string' && shape.format
    ? { path, label, kind: shape.kind, format: shape.format }
    : { path, label, kind: shape.kind };
}

/** A member name the engine reads after a dot (server/engine/paths/path-segments.ts NAME_STOP). */
const DOT_NAME = /^[^.[\]()\s,'"*?@=!<>&|]+$/;
