import { escapePointerToken, pointerTokens } from '@/lib/json-pointer';
import { pinFindings } from '../model/pin-finding';

/** What the inspector needs of a validation finding: where it is (a JSON pointer). */
type Located = { path: string };

/**
 * The findings the inspector shows for the node at `pointer` (a state), or for the workflow's own
 * fields when `pointer` is null: those `pinFindings` pins to that node — plus, for a Parallel or
 * Map, those pinned to its lanes (a branch's StartAt) — or, for the workflow, to no node.
 */
export function nodeFindings<F extends Located>(doc: unknown, findings: readonly F[], pointer: string | null): F[] {
  const pins = pinFindings(doc, findings.map((f) => f.path));
  const lane = pointer === null ? null : new RegExp(`^${escapeRegExp(pointer)}/(Branches/\\d+|ItemProcessor|Iterator)$`);
  return findings.filter((_, i) => {
    const node = pins[i]!.nodeId;
    return pointer === null ? node === null : node === pointer || (node !== null && lane!.test(node));
  });
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
