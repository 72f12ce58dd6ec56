import { escapePointerToken, pointer as joinPointer, pointerTokens } from '@/lib/json-pointer';
import { isObject } from '@/server/engine/json';
import { indexStates } from '../model/state-index';

/** What the inspector needs of a validation finding: where it is (a JSON pointer). */
type Located = { path: string };

/**
 * The findings the inspector shows for the state at `pointer`, or for the workflow's own fields
 * when `pointer` is null: each finding belongs to the innermost state whose pointer contains it
 * (so a Parallel's lanes — a branch's StartAt — belong to the Parallel, the states inside them to
 * themselves), or to the workflow when no state contains it. The nodes are those of the canvas
 * (`toFlowGraph`: states that are objects), so this agrees with `pinFindings` at a fraction of its
 * cost: it runs on every edit.
 */
export function nodeFindings<F extends Located>(doc: unknown, findings: readonly F[], pointer: string | null): F[] {
  if (findings.length === 0) return [];
  const states = new Set(
    indexStates(doc)
      .tree.states.filter((s) => isObject(s.value))
      .map((s) => s.pointer),
  );
  return findings.filter((f) => ownerOf(f.path, states) === pointer);
}

/** The innermost of `states` whose pointer is `path` or contains it; null when none does. */
function ownerOf(path: string, states: ReadonlySet<string>): string | null {
  const tokens = pointerTokens(path);
  if (!tokens) return null;
  for (let i = tokens.length; i > 0; i--) {
    const prefix = joinPointer(...tokens.slice(0, i));
    if (states.has(prefix)) return prefix;
  }
  return null;
}

/**
 * The findings at `at` or inside it, except inside the members named in `except` (those have
 * controls of their own that show them): a list shows what is wrong with the list itself and with
 * members it has no control for, its item controls show the rest.
 */
export function findingsUnder<F extends Located>(findings: readonly F[], at: string, except: readonly string[] = []): F[] {
  const skip = except.map((k) => `${at}/${escapePointerToken(k)}`);
  return findings.filter((f) => within(f.path, at) && !skip.some((s) => within(f.path, s)));
}

/** True when `path` is `at` or a pointer below it (token boundaries respected: `/a/b` is not under `/a/bc`). */
export function within(path: string, at: string): boolean {
  return path === at || path.startsWith(`${at}/`);
}

/**
 * Of the controls' pointers, the one that best shows `focus`: the longest that is `focus` or
 * contains it. Null when none does.
 */
export function bestTarget(pointers: readonly string[], focus: string): string | null {
  if (!pointerTokens(focus)) return null;
  let best: string | null = null;
  for (const p of pointers) if (within(focus, p) && (best === null || p.length > best.length)) best = p;
  return best;
}

/** Codes under which the validator reports a path that does not parse: a path input says the same as you type. */
const PATH_FAULTS = new Set(['asl.invalid_path', 'asl.invalid_reference_path', 'asl.invalid_intrinsic']);

/**
 * The findings a control shows beside its own error: when the control already says why its text
 * is wrong (`ownError`), the validator's report of a bad path at the control's own pointer is the
 * same fault and is left out.
 */
export function besideOwnError<F extends Located & { code: string }>(findings: readonly F[], at: string, ownError: boolean): readonly F[] {
  return ownError ? findings.filter((f) => !(f.path === at && PATH_FAULTS.has(f.code))) : findings;
}
